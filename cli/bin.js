#!/usr/bin/env node
// The `theinference` command. The CLI is TypeScript: on first use (and whenever its sources
// change) esbuild bundles it, and the program of its sandbox process, into a per-user cache
// ($XDG_CACHE_HOME/theinference or ~/.cache/theinference), so later runs start as plain
// JavaScript. Nothing is ever written into the package's own folder, which may be read-only.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, realpathSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = realpathSync(fileURLToPath(new URL('..', import.meta.url)));

/** The first cache folder that can be made: XDG's, then ~/.cache, then the system's temp. */
function cacheDir() {
  // One folder per installed copy of the package, so two copies never share a build.
  const key = createHash('sha256').update(root).digest('hex').slice(0, 16);
  const xdg = process.env.XDG_CACHE_HOME;
  const candidates = [
    xdg && isAbsolute(xdg) ? join(xdg, 'theinference') : undefined,
    homedir() ? join(homedir(), '.cache', 'theinference') : undefined,
    join(tmpdir(), `theinference-${process.getuid?.() ?? 'user'}`),
  ];
  for (const base of candidates) {
    if (!base) continue;
    try {
      mkdirSync(join(base, key), { recursive: true });
      return join(base, key);
    } catch {
      // not writable: try the next
    }
  }
  throw new Error('theinference: no writable cache folder (set XDG_CACHE_HOME)');
}

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

function builtAt(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/** Writes a build output through a temporary name, so a concurrent run never reads half a file. */
function writeAtomically(path, text) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

const dir = cacheDir();
const cli = join(dir, 'cli.mjs');
const sandbox = join(dir, 'sandbox.cjs');
const sources = Math.max(newestSource(join(root, 'cli')), newestSource(join(root, 'core')));
if (Math.min(builtAt(cli), builtAt(sandbox)) < sources) {
  const { build } = await import('esbuild');
  const cliBuild = await build({
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    entryPoints: [join(root, 'cli', 'entry.ts')],
    format: 'esm',
    // Its dependencies go into the bundle too (one file loads faster than a hundred modules),
    // except esbuild, which runs its own native binary, and the Anthropic SDK, which only
    // `theinference run` needs (1.4 MB every other command would parse): both load from the package.
    external: ['esbuild', '@anthropic-ai/sdk'],
    // The bundle lives in the cache; tell it where the package and the sandbox program are.
    define: {
      'import.meta.THEINFERENCE_ROOT': JSON.stringify(root),
      'import.meta.THEINFERENCE_SANDBOX': JSON.stringify(sandbox),
    },
  });
  writeAtomically(cli, cliBuild.outputFiles[0].text);
  // The sandbox process runs as `node -e`, a CommonJS script, and reads no file: the CLI's own
  // bundle builds it (cli/sandbox/host/sandbox-program.ts), with each case thread's program in it.
  const { bundleSandboxProgram } = await import(pathToFileURL(cli).href);
  writeAtomically(sandbox, bundleSandboxProgram());
}
const { run } = await import(pathToFileURL(cli).href);
process.exitCode = await run(process.argv.slice(2));
