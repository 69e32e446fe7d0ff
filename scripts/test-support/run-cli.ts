import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = new URL('../../cli/bin.js', import.meta.url).pathname;
/** The CLI's own build goes to a cache of the test run's, as it would to a learner's. */
const CACHE = mkdtempSync(join(tmpdir(), 'theinference-cache-'));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the checkout's `theinference` command as a learner would, without colours. */
export async function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: CACHE, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as CliResult;
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}
