import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { regradeMark } from './watch-output.ts';

const BIN = new URL('./bin.js', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

describe('regradeMark', () => {
  it('clears a terminal, and marks the new report with plain text anywhere else', () => {
    expect(regradeMark(true)).toBe('\x1bc');
    const at = new Date('2026-12-04T03:10:42Z');
    expect(regradeMark(false, at)).toBe('\n── src/ changed: grading again (03:10:42 UTC) ──\n\n');
    expect(regradeMark(undefined, at)).toBe(regradeMark(false, at));
  });
});

describe('theinference test --watch into a pipe', () => {
  it('grades again on a save and writes no control codes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theinference-watch-'));
    const cache = mkdtempSync(join(tmpdir(), 'theinference-cache-'));
    cpSync(join(FIXTURES, 'one-turn', 'starter'), dir, { recursive: true });
    const child = spawn('node', [BIN, 'test', '--stage', 'one-turn', '--watch'], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', XDG_CACHE_HOME: cache },
    });
    let out = '';
    const saw = (text: string, times: number) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.split(text).length - 1 >= times) resolve();
        };
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          check();
        });
        child.once('exit', () => reject(new Error(`exited early:\n${out}`)));
        check();
      });
    try {
      await saw('Watching src/', 1);
      const loop = join(dir, 'src', 'loop.ts');
      writeFileSync(loop, `${readFileSync(loop, 'utf8')}\n`);
      await saw('Watching src/', 2);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
      rmSync(cache, { recursive: true, force: true });
    }
    expect(out).toContain('src/ changed: grading again');
    // eslint-disable-next-line no-control-regex
    expect(out).not.toMatch(/\x1b/);
  }, 60_000);
});
