import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { RELAY_LIMITS, startGrading, type CaseReport } from '../../../core/index.ts';
import { RUN_LIMITS } from '../../../core/wire/limits.ts';
import { loadPackagedCourse } from '../../load.ts';
import { createNodeHost } from '../../node-host.ts';
import { createSandbox, permissionFlags } from './sandbox-host.ts';
import { MAX_REPORT_LINE } from '../protocol.ts';

/**
 * Learner code against the CLI's sandbox: each hostile program below runs as a lesson's
 * src/loop.ts, graded by the real host (a sandbox process, a worker per case, the cassette in
 * this process), and gets exactly the verdict it should, on every case.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const { course } = loaded;
const host = createNodeHost();
afterAll(() => host.close());

async function grade(lessonId: string, loop: string, timeoutMs = 3_000): Promise<CaseReport[]> {
  const lesson = course.lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new Error(`no lesson ${lessonId}`);
  const files = { ...lesson.starter, 'src/loop.ts': loop };
  const report = await startGrading(host, lesson, files, { timeoutMs }).result;
  return report.cases;
}

/** The one verdict every case got (they must all agree). */
/**
 * The one verdict every case reached (those not started after an earlier case ran past its
 * time limit aside: they say so instead).
 */
function verdict(cases: CaseReport[]): { kind: string; message: string } {
  const all = cases
    .filter((c) => c.kind !== 'skipped')
    .map(({ kind, message }) => ({ kind, message }));
  expect(all.filter((v) => JSON.stringify(v) !== JSON.stringify(all[0]))).toEqual([]);
  return all[0]!;
}

const oneTurn = (body: string) =>
  `import type { Message, Model } from '../../types';
export async function runOneTurn(messages: Message[], model: Model): Promise<never> {
${body}
}
`;

describe('the sandbox a case runs in', () => {
  it.each([
    ['process', 'process.stdout.write("PASS one-turn: 4/4 cases passed\\n"); process.exit(0);'],
    ['require', 'require("node:inspector").open();'],
    ['Buffer', 'Buffer.from("x");'],
    ['fetch', 'await fetch("file:///etc/passwd");'],
    ['setImmediate', 'setImmediate(() => {});'],
    ['module', 'module.require("node:fs");'],
    // The case thread's own names stay in its closure: its port, unbudgeted, and its vm.
    ['parentPort', 'parentPort.postMessage({ type: "done" });'],
    ['runInThisContext', 'runInThisContext("process");'],
    ['keep', 'keep.clear();'],
  ])(
    'has no %s: a forged pass, the inspector, files and the network are out of reach',
    async (name, code) => {
      // Hidden from esbuild, which would refuse a literal require() at bundle time.
      const cases = await grade(
        'one-turn',
        oneTurn(
          `  const run = (async () => {}).constructor(${JSON.stringify(code)}) as () => Promise<void>;\n  await run();\n  throw new Error('unreachable');`,
        ),
      );
      expect(verdict(cases)).toEqual({
        kind: 'runtime',
        message: expect.stringMatching(
          new RegExp(`^ReferenceError: ${name} is not defined \\(at `),
        ),
      });
    },
  );

  it('keeps the web platform a browser worker has', async () => {
    const cases = await grade(
      'one-turn',
      oneTurn(
        "  throw new Error([typeof setTimeout, typeof structuredClone, typeof TextEncoder, typeof URL, typeof performance.now, typeof crypto.randomUUID, typeof queueMicrotask].join(' '));",
      ),
    );
    expect(verdict(cases).message).toMatch(
      /^Error: (function ){6}function \(at src\/loop\.ts:3:9\)$/,
    );
  });

  it('refuses a dynamic import of a Node module', async () => {
    const cases = await grade(
      'one-turn',
      oneTurn("  const name = 'node:fs';\n  await import(name);\n  throw new Error('imported');"),
    );
    expect(verdict(cases)).toEqual({
      kind: 'runtime',
      message: expect.stringMatching(/^TypeError: A dynamic import callback was not specified\./),
    });
  });

  it('stops a case blocked in a wait it cannot be woken from, as a timeout', async () => {
    const cases = await grade(
      'one-turn',
      oneTurn(
        '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 600_000);\n  throw new Error("woke");',
      ),
      300,
    );
    expect(verdict(cases)).toEqual({
      kind: 'timeout',
      message: expect.stringMatching(/^Timed out after 0\.3 s \(after 0 model calls\)/),
    });
  });

  it('stops a message past RELAY_LIMITS.messageSize: too much data', async () => {
    const size = RELAY_LIMITS.messageSize + 1;
    const cases = await grade(
      'one-turn',
      oneTurn(`  await model([{ role: 'user', content: 'x'.repeat(${size}) }]);`),
    );
    expect(verdict(cases)).toEqual({
      kind: 'runtime',
      message:
        'TooLarge: Too much data: the code sent more than a run may (4,000,000 characters in one message, 32,000,000 in all), so the run was stopped.',
    });
  });

  it('stops a run past RELAY_LIMITS.totalSize, in messages each within bounds', async () => {
    // Each tool call sends its input and its output: two copies of the text.
    const text = Math.floor(RELAY_LIMITS.messageSize / 2) - 1_000;
    const calls = Math.ceil(RELAY_LIMITS.totalSize / (2 * text)) + 1;
    const loop = `export async function runLoop(messages: unknown, model: unknown, execute: (name: string, input: Record<string, unknown>) => Promise<unknown>): Promise<never> {
  const text = 'y'.repeat(${text});
  for (let i = 0; i < ${calls}; i++) await execute('echo', { text });
  throw new Error('all sent');
}
`;
    const cases = await grade('the-while-loop', loop, 20_000);
    expect(verdict(cases).message).toMatch(/^TooLarge: Too much data/);
  });

  it('stops a flood of messages at RUN_LIMITS.workerMessages', async () => {
    const loop = `export async function runLoop(messages: unknown, model: unknown, execute: (name: string, input: Record<string, unknown>) => Promise<unknown>): Promise<never> {
  for (;;) await execute('echo', { text: 'again' });
}
`;
    const cases = await grade('the-while-loop', loop, 20_000);
    expect(verdict(cases)).toEqual({
      kind: 'runtime',
      message: `Flood: The code sent more than ${RUN_LIMITS.workerMessages} messages to the page, so the run was stopped.`,
    });
  });

  it('gives every case a realm of its own', async () => {
    // A global set by one case is not there in the next; each case sees it unset.
    const cases = await grade(
      'one-turn',
      oneTurn(
        '  const g = globalThis as { seen?: number };\n  g.seen = (g.seen ?? 0) + 1;\n  throw new Error(`seen ${g.seen}`);',
      ),
    );
    expect(verdict(cases).message).toMatch(/^Error: seen 1 /);
  });
});

describe('the permission model the sandbox process starts under', () => {
  const attempt = (code: string) =>
    spawnSync(process.execPath, [...permissionFlags(), '--no-warnings', '-e', code], {
      encoding: 'utf8',
      env: {},
    });

  it.each([
    ['reading a file', "require('node:fs').readFileSync(process.execPath)"],
    ['writing a file', "require('node:fs').writeFileSync('/tmp/theinference-denied', 'x')"],
    ['starting a process', "require('node:child_process').execSync('true')"],
    ['opening the inspector', "require('node:inspector').open(0)"],
  ])('denies %s', (_, code) => {
    const result = attempt(
      `try { ${code}; console.log('allowed'); } catch (error) { console.log(error.code); }`,
    );
    expect(result.stdout.trim()).toBe('ERR_ACCESS_DENIED');
  });
});

describe('what the CLI believes of its sandbox process', () => {
  /** Runs a stand-in sandbox `program`, spawns one case, and resolves with how the case ended. */
  function firstCase(program: string): Promise<{ messages: unknown[]; error: unknown }> {
    const sandbox = createSandbox(program);
    return new Promise((resolve) => {
      const messages: unknown[] = [];
      sandbox.spawn('script', {
        message: (data) => messages.push(data),
        error: (error) => {
          sandbox.close();
          resolve({ messages, error });
        },
      });
    });
  }
  /** A program that answers the first request (the spawn of case 1) with `output`. */
  const answering = (output: string) =>
    `process.stdin.once('data', () => process.stdout.write(${output}));`;

  it('keeps only well-formed reports about its own cases', async () => {
    const lines = [
      '{"type":"message","id":2,"data":"for a case that is not running"}',
      'not JSON',
      '{"type":"message","id":1}',
      '{"type":"message","id":1,"data":{"type":"done"}}',
      '{"type":"stopped","id":1,"reason":"bored"}',
      '{"type":"worker-error","id":1,"error":{"name":"E","message":"m"}}',
    ];
    expect(await firstCase(answering(JSON.stringify(`${lines.join('\n')}\n`)))).toEqual({
      messages: [undefined, { type: 'done' }],
      error: { name: 'E', message: 'm' },
    });
  });

  it('stops at a line longer than MAX_REPORT_LINE: too much data', async () => {
    const { error } = await firstCase(answering(`'x'.repeat(${MAX_REPORT_LINE + 1})`));
    expect((error as { name: string }).name).toBe('TooLarge');
  });

  it('reports a sandbox process that dies as what it is', async () => {
    const { error } = await firstCase("process.stdin.once('data', () => process.exit(3));");
    expect(error).toEqual({
      name: 'SandboxCrashed',
      message:
        'The process running the code ended unexpectedly (exit code 3), so the run was stopped.',
    });
  });
});
