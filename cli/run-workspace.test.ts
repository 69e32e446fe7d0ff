import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  filesForLesson,
  loadCourse,
  startGrading,
  type Cassette,
  type Lesson,
} from '../core/index.ts';
import type { ScriptStep } from '../scripts/api-stand-in/script-steps.ts';
import { writeLessonFiles } from '../scripts/test-support/lesson-dir.ts';
import {
  startApiStandIn,
  STAND_IN_KEY,
  type ApiStandIn,
} from '../scripts/api-stand-in/start-api-stand-in.ts';
import { NO_TERMINAL_REASON } from './live/terminal-user.ts';
import { createNodeHost, FIXTURES_DIR, readTree } from './node-host.ts';

/**
 * `theinference run` on a stage whose cases hand the harness a project (the capstone), against
 * the Messages API stand-in on this file's port: the project is the case's, in memory; each
 * call that needs approval is asked on the terminal (a real one: `script` gives the CLI a
 * pseudo-terminal) or denied without one; the changes are printed as a diff; and `--record`
 * writes a case the loader accepts, with the person's answers as its scripted user.
 */
const BIN = new URL('./bin.js', import.meta.url).pathname;
const CACHE = mkdtempSync(join(tmpdir(), 'theinference-cache-'));
const PORT = 4362;
const NOWHERE = 'http://127.0.0.1:4369';

let standIn: ApiStandIn;
beforeAll(async () => {
  standIn = await startApiStandIn({ port: PORT });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const env = (extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH ?? '',
  NO_COLOR: '1',
  XDG_CACHE_HOME: CACHE,
  ANTHROPIC_API_KEY: STAND_IN_KEY,
  ANTHROPIC_BASE_URL: standIn.url,
  ...extra,
});

/** The CLI with stdin a pipe (not a terminal). */
function cli(args: string[], cwd: string, extra?: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile('node', [BIN, ...args], { cwd, env: env(extra) }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** `script` (util-linux) runs a command on a pseudo-terminal, as a person's shell would. */
const hasScript = spawnSync('script', ['--version']).status === 0;

/**
 * The CLI on a pseudo-terminal: each time the output asks (`Allow it?`, `Why not?`), the next
 * of `answers` is typed, as a person types it (Enter is a carriage return on a terminal).
 */
function cliOnTerminal(args: string[], cwd: string, answers: string[]) {
  const command = ['node', BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise<{ code: number; stdout: string }>((resolve) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { cwd, env: env() });
    let stdout = '';
    let asked = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const questions = stdout.match(/Allow it\?|Why not\?/g)?.length ?? 0;
      while (asked < questions) child.stdin.write(`${answers[asked++] ?? ''}\r`);
    });
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: plain(stdout) }));
  });
}

/** A terminal's escape sequences (readline moves the cursor as it asks). */
const ESCAPES = new RegExp(`${String.fromCharCode(27)}\\[[0-9;?]*[A-Za-z]`, 'g');
/** Terminal output without its escape sequences and carriage returns. */
const plain = (text: string) => text.replace(ESCAPES, '').replace(/\r/g, '');

/** A course directory at the capstone, with the reference's agent. */
function capstoneDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-capstone-'));
  writeLessonFiles(dir, 'capstone', 'reference');
  return dir;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const caseFile = (name: string, file: string) =>
  readJson(join(FIXTURES_DIR, 'capstone', 'cases', name, file)) as Record<string, unknown>;
/** A case's recorded replies, answered in order, each request checked against the recording. */
const replay = (name: string, strict = true): ScriptStep[] => [
  { cassette: caseFile(name, 'cassette.json') as unknown as Cassette, strict },
];
const promptOf = (name: string) => (caseFile(name, 'case.json').input as { prompt: string }).prompt;

/** The files a directory holds, recursively, relative to it. */
const tree = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe.skipIf(!hasScript)('theinference run on a project, with a person at the terminal', () => {
  it("works on a copy of the case's project in memory, asks before an edit, prints the diff, and records the case", async () => {
    const dir = capstoneDir();
    const before = tree(dir);
    const folder = join(dir, 'recorded');
    standIn.script(replay('fix-the-total'));
    const result = await cliOnTerminal(
      ['run', '--stage', 'capstone', '--record', 'recorded', promptOf('fix-the-total')],
      dir,
      ['y'],
    );
    expect(result.code).toBe(0);
    const out = result.stdout;
    expect(out).toContain("project: fix-the-total's 3 files, a copy in memory (never your disk)");
    expect(out).toContain(
      [
        '  ? edit_file src/cart.ts needs your approval',
        '      - sum + item.price, 0',
        '      + sum + item.price * item.quantity, 0',
      ].join('\n'),
    );
    expect(out).toContain(
      '  ✓ edit_file allowed once\n  ← edit_file The file src/cart.ts has been edited.',
    );
    expect(out).toContain('tests: 2 passed\npassed: true\nchanged: ["src/cart.ts"]');
    expect(out).toContain(
      [
        '1 file changed (in the copy in memory: your disk is untouched)',
        'changed src/cart.ts',
        '  …',
        "    /** What the cart costs: each item's price times how many of it there are. */",
        '    export function total(items: Item[]): number {',
        '  -   return items.reduce((sum, item) => sum + item.price, 0);',
        '  +   return items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
      ].join('\n'),
    );
    // Every request was the recording's: the person's "y" is the case's `allow`.
    expect(standIn.requests().map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // The project never touched the disk: only the recording was written.
    expect(tree(dir)).toEqual(
      [
        ...before,
        'recorded',
        'recorded/case.json',
        'recorded/cassette.json',
        'recorded/expected.json',
      ].sort(),
    );

    // The recording is the case: its project, the person's answer, and the final tree.
    const recordedCase = readJson(join(folder, 'case.json')) as { input: Record<string, unknown> };
    expect(recordedCase.input).toEqual({
      ...(caseFile('fix-the-total', 'case.json').input as object),
    });
    expect(readJson(join(folder, 'expected.json'))).toEqual(
      caseFile('fix-the-total', 'expected.json'),
    );
    const files = readTree(FIXTURES_DIR, filesForLesson('capstone'));
    for (const name of ['case.json', 'cassette.json', 'expected.json']) {
      files[`capstone/cases/recorded/${name}`] = readFileSync(join(folder, name), 'utf8');
    }
    const loaded = loadCourse(files, { only: ['capstone'] });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const lesson = loaded.course.lessons[0] as Lesson;
    const recorded = lesson.cases.find((c) => c.name === 'recorded');
    const host = createNodeHost();
    const report = await startGrading(host, { ...lesson, cases: [recorded!] }, lesson.reference)
      .result;
    host.close();
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual([
      ['recorded', 'pass', 'Output matches.'],
    ]);

    // Replayed offline, the case's scripted user answers as the person did: no question.
    standIn.reset();
    const replayed = await cli(['run', '--stage', 'capstone', '--cassette', 'recorded'], dir, {
      ANTHROPIC_BASE_URL: NOWHERE,
    });
    expect(replayed.code).toBe(0);
    expect(replayed.stdout).not.toContain('needs your approval');
    expect(replayed.stdout).toContain('  ✓ edit_file allowed once');
    expect(replayed.stdout).toContain('tests: 2 passed');
  }, 60_000);

  it('sends a denial with the reason the person types, and the model goes another way', async () => {
    const dir = capstoneDir();
    // Its replies, on fix-the-total's project (the case itself is hidden): not checked.
    standIn.script(replay('denied-new-file', false));
    const reason = 'no new config files: change the default in src/config.ts';
    const result = await cliOnTerminal(
      ['run', '--stage', 'capstone', '--case', 'fix-the-total', promptOf('denied-new-file')],
      dir,
      ['maybe', 'n', reason, 'y'],
    );
    expect(result.code).toBe(0);
    const sent = standIn.requests();
    const messages = (sent[2]?.body as { messages: unknown[] }).messages;
    expect(messages.at(-1)).toMatchObject({
      role: 'user',
      content: [
        { type: 'tool_result', content: `The user denied write_file: ${reason}`, is_error: true },
      ],
    });
    // "maybe" is no answer: the question is asked again.
    expect(result.stdout.match(/Allow it\?/g)).toHaveLength(3);
    expect(result.stdout).toContain(`  ✗ write_file denied: ${reason}`);
  }, 60_000);
});

describe('theinference run on a project, without a terminal', () => {
  it('denies every call that needs approval, says so once, and tells the model why', async () => {
    const dir = capstoneDir();
    standIn.script(replay('denied-new-file', false));
    const result = await cli(
      ['run', '--stage', 'capstone', '--case', 'project-instructions', promptOf('denied-new-file')],
      dir,
    );
    expect(result.code).toBe(0);
    const notice =
      '  stdin is not a terminal: every call that needs approval is denied, and the model is told why.';
    expect(result.stdout.split('\n').filter((line) => line === notice)).toHaveLength(1);
    expect(result.stdout).toContain(`  ✗ write_file denied: ${NO_TERMINAL_REASON}`);
    expect(result.stdout).toContain(`  ✗ edit_file denied: ${NO_TERMINAL_REASON}`);
    expect(result.stdout).toContain(
      'No file changed. (The project is a copy in memory: your disk is untouched.)',
    );
    const sent = standIn.requests();
    // The project's AGENTS.md is in the system prompt: --case chose project-instructions.
    expect(String((sent[0]?.body as { system?: unknown }).system)).toContain(
      'Instructions from AGENTS.md:\n# Working on units',
    );
    expect(JSON.stringify(sent[2]?.body)).toContain(
      `"content":"The user denied write_file: ${NO_TERMINAL_REASON}","is_error":true`,
    );
  }, 60_000);

  it('names the visible cases when --case names none of them', async () => {
    const result = await cli(
      ['run', '--stage', 'capstone', '--case', 'two-matches', 'Fix it.'],
      capstoneDir(),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'Stage capstone has no visible case two-matches to start from: fix-the-total, project-instructions.\n',
    );
    expect(standIn.requests()).toEqual([]);
  });
});
