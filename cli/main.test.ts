import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { decodeSharePayload } from '../core/index.ts';
import { loadPackagedCourse } from './load.ts';

const run = promisify(execFile);
const BIN = new URL('./bin.js', import.meta.url).pathname;
const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;

async function cli(args: string[], cwd: string) {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function courseDir(stage: string, variant: 'starter' | 'reference'): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-'));
  cpSync(join(FIXTURES, stage, 'starter'), dir, { recursive: true });
  if (variant === 'reference') cpSync(join(FIXTURES, stage, 'reference'), dir, { recursive: true });
  return dir;
}

describe('theinference CLI', () => {
  it('passes the reference with exit 0 and prints the transcript turn by turn', async () => {
    const result = await cli(
      ['test', '--stage', 'the-while-loop'],
      courseDir('the-while-loop', 'reference'),
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      '    → tool_use echo({"text":"hello"})\n    ← tool_result "hello"\n    → end_turn "done"\n',
    );
    expect(result.stdout).toMatch(/✓ 2 turns · 1 tool call · \d+ ms/);
    expect(result.stdout).toMatch(/PASS the-while-loop: 7\/7 cases passed/);
  });

  it('fails the starter with exit 1 and machine-readable results under --json', async () => {
    const result = await cli(
      ['test', '--stage', 'the-while-loop', '--json'],
      courseDir('the-while-loop', 'starter'),
    );
    expect(result.code).toBe(1);
    const json = JSON.parse(result.stdout) as {
      status: string;
      stages: { cases: { status: string; message: string }[] }[];
    };
    expect(json.status).toBe('fail');
    expect(json.stages[0]?.cases[0]).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/^Error: TODO/),
    });
  });

  it.each([
    [['test'], 'test needs exactly one of --stage <id> or --all.'],
    [['test', '--stage', 'nope'], 'Unknown stage "nope"'],
    [['frobnicate'], 'Unknown command "frobnicate"'],
    [['test', '--all', '--timeout', 'soon'], '--timeout takes a whole number of milliseconds.'],
  ])('exits 2 on usage errors: %j', async (args, says) => {
    const result = await cli(args, tmpdir());
    expect({ code: result.code, says: result.stderr.includes(says) }).toEqual({
      code: 2,
      says: true,
    });
  });

  it('init makes a course directory without overwriting the learner’s files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'theinference-init-'));
    expect((await cli(['init', dir], tmpdir())).code).toBe(0);
    writeFileSync(join(dir, 'src/loop.ts'), '// mine');
    expect((await cli(['init', dir], tmpdir())).stdout).toContain('Kept your existing src/loop.ts');
    expect(readFileSync(join(dir, 'src/loop.ts'), 'utf8')).toBe('// mine');
  });

  it('link prints a share link that decodes back to the directory’s files', async () => {
    const dir = courseDir('the-while-loop', 'reference');
    const result = await cli(
      ['link', '--stage', 'the-while-loop', '--base', 'https://example.test/app/'],
      dir,
    );
    const url = new URL(result.stdout.trim());
    expect(url.origin + url.pathname).toBe('https://example.test/app/');
    const [, id, payload] = url.hash.split('/');
    const loaded = loadPackagedCourse();
    const lesson = 'course' in loaded ? loaded.course.lessons.find((l) => l.id === id) : undefined;
    expect(lesson && decodeSharePayload(lesson, payload ?? '')).toEqual({
      ok: true,
      files: { 'src/loop.ts': readFileSync(join(dir, 'src/loop.ts'), 'utf8') },
    });
  });
});
