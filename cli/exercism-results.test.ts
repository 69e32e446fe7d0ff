import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../scripts/test-support/run-cli.ts';
import { MAX_OUTPUT, type ExercismResults } from './exercism-results.ts';
import { loadPackagedCourse } from './load.ts';

const FIXTURES = new URL('../fixtures/', import.meta.url).pathname;
const STAGE = 'the-while-loop';
const lesson = (() => {
  const loaded = loadPackagedCourse(STAGE);
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.course.lessons[0]!;
})();
const rules = (
  JSON.parse(readFileSync(join(FIXTURES, STAGE, 'rules.json'), 'utf8')) as {
    rules: { cases: string[] }[];
  }
).rules;

/** A course directory at the-while-loop whose src/loop.ts is the starter's, or `loop`. */
function courseDir(loop?: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'theinference-results-'));
  cpSync(join(FIXTURES, STAGE, 'starter'), dir, { recursive: true });
  if (loop !== undefined) writeFileSync(join(dir, 'src', 'loop.ts'), loop);
  return dir;
}
const reference = readFileSync(join(FIXTURES, STAGE, 'reference', 'src', 'loop.ts'), 'utf8');
const wrong = readFileSync(join(FIXTURES, STAGE, 'solutions', 'wrong-reverse-order.ts'), 'utf8');
const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as ExercismResults;

describe('test --results', () => {
  it('writes version 3: every case in order, its description as test_code, its output cut to 500 characters', async () => {
    // Logged as the module loads, so every case's output holds it.
    const dir = courseDir(`${reference}\nconsole.log('x'.repeat(2000));\n`);
    const run = await runCli(['test', '--stage', STAGE, '--results', 'results.json'], dir);
    expect(run.code).toBe(0);
    const results = read(join(dir, 'results.json'));
    expect({ version: results.version, status: results.status, message: results.message }).toEqual({
      version: 3,
      status: 'pass',
      message: null,
    });
    expect(results.tests.map((t) => [t.name, t.status, t.message, t.test_code])).toEqual(
      lesson.cases.map((c) => [c.name, 'pass', null, c.description]),
    );
    for (const test of results.tests) {
      expect(test.output?.length).toBe(MAX_OUTPUT);
      expect(test.output).toMatch(/^x+\n… Output was truncated\. Please limit to 500 chars$/);
    }
  });

  it('links a case to a rule only when exactly one rule of rules.json names it', async () => {
    const dir = courseDir(reference);
    await runCli(['test', '--stage', STAGE, '--results', 'results.json'], dir);
    const tests = read(join(dir, 'results.json')).tests;
    const namedBy = (name: string) =>
      rules.flatMap((rule, i) => (rule.cases.includes(name) ? [i + 1] : []));
    expect(tests.filter((t) => t.task_id !== undefined).length).toBeGreaterThan(0);
    for (const test of tests) {
      const numbers = namedBy(test.name);
      expect([test.name, test.task_id]).toEqual([
        test.name,
        numbers.length === 1 ? numbers[0] : undefined,
      ]);
    }
  });

  it('a failing case carries its message, a passing one none; the exit code is the one without --results', async () => {
    const dir = courseDir(wrong);
    const plain = await runCli(['test', '--stage', STAGE], dir);
    const run = await runCli(['test', '--stage', STAGE, '--results', 'out.json'], dir);
    expect([plain.code, run.code]).toEqual([1, 1]);
    const results = read(join(dir, 'out.json'));
    expect(results.status).toBe('fail');
    const failing = results.tests.filter((t) => t.status !== 'pass');
    expect(failing.map((t) => t.name)).toContain('two-tools-one-turn');
    for (const t of failing) expect(t.message).toEqual(expect.any(String));
    for (const t of results.tests.filter((test) => test.status === 'pass'))
      expect(t.message).toBeNull();
  });

  it('a compile error is status error, with the message', async () => {
    const dir = courseDir(`${reference}\nexport const broken = ;\n`);
    const run = await runCli(['test', '--stage', STAGE, '--results', 'results.json'], dir);
    expect(run.code).toBe(1);
    expect(read(join(dir, 'results.json'))).toMatchObject({
      status: 'error',
      message: expect.stringMatching(
        new RegExp(`^${STAGE}: src/loop\\.ts:\\d+:\\d+: Unexpected ";"$`),
      ),
    });
  });

  it('a missing export is status error, named as the terminal names it', async () => {
    // The first stage's starter has no runLoop: the stage's harness cannot import it.
    const dir = mkdtempSync(join(tmpdir(), 'theinference-results-'));
    cpSync(join(FIXTURES, 'one-turn', 'starter'), dir, { recursive: true });
    const plain = await runCli(['test', '--stage', STAGE], dir);
    const run = await runCli(['test', '--stage', STAGE, '--results', 'results.json'], dir);
    expect([plain.code, run.code]).toEqual([1, 1]);
    const results = read(join(dir, 'results.json'));
    expect({ status: results.status, message: results.message }).toEqual({
      status: 'error',
      message: `${STAGE}: src/loop.ts does not export runLoop, which the stage's tests call.`,
    });
    expect(results.tests.map((t) => t.status)).toEqual(lesson.cases.map(() => 'error'));
  });
});

describe('test-runner <slug> <input_dir> <output_dir>', () => {
  it("grades input_dir's solution, writes output_dir/results.json, exits 0 on a failing solution, and writes nothing into input_dir", async () => {
    const input = courseDir(wrong);
    const before = readdirSync(input, { recursive: true }).sort();
    const output = join(mkdtempSync(join(tmpdir(), 'theinference-out-')), 'out');
    const run = await runCli(['test-runner', STAGE, `${input}/`, `${output}/`], tmpdir());
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const results = read(join(output, 'results.json'));
    expect(results.version).toBe(3);
    expect(results.status).toBe('fail');
    expect(results.tests.map((t) => t.name)).toEqual(lesson.cases.map((c) => c.name));
    expect(readdirSync(input, { recursive: true }).sort()).toEqual(before);
  });

  it('passes the reference', async () => {
    const output = mkdtempSync(join(tmpdir(), 'theinference-out-'));
    const run = await runCli(['test-runner', STAGE, courseDir(reference), output], tmpdir());
    expect(run.code).toBe(0);
    expect(read(join(output, 'results.json')).status).toBe('pass');
  });

  it('an unknown slug or a solution without src/ is status error, still exit 0', async () => {
    const output = mkdtempSync(join(tmpdir(), 'theinference-out-'));
    const unknown = await runCli(
      ['test-runner', 'two-fer', courseDir(reference), output],
      tmpdir(),
    );
    expect(unknown.code).toBe(0);
    expect(read(join(output, 'results.json'))).toEqual({
      version: 3,
      status: 'error',
      message: expect.stringMatching(/^Unknown exercise "two-fer"\. The stages are: one-turn, /),
      tests: [],
    });
    const empty = mkdtempSync(join(tmpdir(), 'theinference-empty-'));
    expect((await runCli(['test-runner', STAGE, empty, output], tmpdir())).code).toBe(0);
    expect(read(join(output, 'results.json'))).toMatchObject({
      status: 'error',
      message: `No src/ folder in ${empty}. Run \`theinference init\` to make a course directory.`,
    });
  });

  it('without its three arguments is a usage error', async () => {
    const run = await runCli(['test-runner', STAGE], tmpdir());
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^test-runner takes three arguments: <slug> <input_dir> <output_dir>\./,
    );
  });
});
