import { describe, expect, it } from 'vitest';
import type { Lesson, LessonCase } from '../lesson/types.ts';
import { gradeBundle, startGrading, unrunCase } from './start-grading.ts';
import type { GradingHost, RunHost, WorkerEvents } from '../run/host.ts';

const kase = (name: string): LessonCase => ({
  name,
  visible: true,
  description: `case ${name}`,
  input: null,
  cassette: { calls: [] },
  expected: null,
});

const lesson = {
  id: 'subset',
  cases: [kase('a'), kase('b'), kase('c')],
  timeoutMs: 1000,
  // What a bundle is made of besides the learner's files (the bundle cache's key has them).
  harness: '',
  readOnly: [],
  starter: {},
} as unknown as Lesson;

/** A host whose workers fail as they start: enough to see which cases ran. */
function host(bundleOk: boolean): GradingHost & { spawned: number } {
  const made: GradingHost & { spawned: number } = {
    spawned: 0,
    prelude: '',
    bundle: () =>
      Promise.resolve(
        bundleOk
          ? { ok: true, script: '', sourceMap: '{"version":3,"sources":[],"mappings":""}' }
          : {
              ok: false,
              errors: [{ file: 'src/a.ts', line: 1, column: 1, text: 'x', lineText: '' }],
            },
      ),
    spawn: (_script, events) => {
      made.spawned++;
      return {
        post: () => queueMicrotask(() => events.error({ name: 'Error', message: 'stop' })),
        terminate() {},
      };
    },
    clock: {
      now: () => performance.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  };
  return made;
}

describe('startGrading with a subset of cases', () => {
  it('runs only the cases named, in the lesson order', async () => {
    const h = host(true);
    const report = await startGrading(h, lesson, {}, { cases: ['c', 'a'] }).result;
    expect(report.cases.map((c) => c.name)).toEqual(['a', 'c']);
    expect(h.spawned).toBe(2);
  });

  it('reports a compile error for the cases named only', async () => {
    const report = await startGrading(host(false), lesson, {}, { cases: ['b'] }).result;
    expect(report.cases.map((c) => [c.name, c.kind])).toEqual([['b', 'compile']]);
  });

  it('runs every case without a subset', async () => {
    const report = await startGrading(host(true), lesson, {}).result;
    expect(report.cases.map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('startGrading', () => {
  it('starts no case when cancelled before the bundle is made', async () => {
    const h = host(true);
    const grading = startGrading(h, lesson, {});
    grading.cancel();
    const report = await grading.result;
    expect(report.cases.map((c) => c.kind)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(h.spawned).toBe(0);
  });

  it("hands a remote host's runner the bundle, the cases named and the lesson's limit", async () => {
    const { bundle, clock } = host(true);
    const asked: string[][] = [];
    const report = await startGrading(
      {
        bundle,
        clock,
        gradeBundle(cases, _bundle, { timeoutMs, onCase }) {
          asked.push([...cases.map((c) => c.name), String(timeoutMs)]);
          const reports = cases.map((c) => unrunCase(c, { name: 'Error', message: 'remote' }));
          reports.forEach((r) => onCase?.(r));
          return { result: Promise.resolve(reports), cancel() {} };
        },
      },
      lesson,
      {},
      { cases: ['b', 'c'] },
    ).result;
    expect(asked).toEqual([['b', 'c', '1000']]);
    expect(report.cases.map((c) => [c.name, c.kind])).toEqual([
      ['b', 'runtime'],
      ['c', 'runtime'],
    ]);
  });
});

/**
 * A host whose workers wait to be told how their case ends, on a machine of `cores` cores: to
 * see which cases run when. Its time limits run out only when the test says (`expire`).
 */
function heldHost(cores = 4) {
  const live: { name: number; events: WorkerEvents; ended: string }[] = [];
  const timers: (() => void)[] = [];
  const h: RunHost = {
    prelude: '',
    cores,
    spawn: (_script, events) => {
      const worker = { name: live.length, events, ended: '' };
      live.push(worker);
      return {
        post: () => undefined,
        terminate: () => void (worker.ended ||= 'terminated'),
      };
    },
    clock: {
      now: () => 0,
      setTimeout: (fn) => timers.push(fn) - 1,
      clearTimeout: (handle) => void (timers[handle as number] = () => {}),
    },
  };
  const running = () => live.filter((w) => !w.ended).map((w) => w.name);
  /** The time limit of the `n`th case started runs out. */
  const expire = (n: number) => timers[n]?.();
  return { h, live, running, expire };
}
const bundle = { script: '', sourceMap: '{"version":3,"sources":[],"mappings":""}' };
const fiveCases = ['a', 'b', 'c', 'd', 'e'].map(kase);
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
/** The worker runtime's `done`, as it calls it on the host. */
const DONE = { rpc: 'call', id: 0, method: 'done', arg: null };

describe('gradeBundle', () => {
  it('starts as many cases at once as the host has cores, each in a worker of its own', () => {
    const { h, live, running } = heldHost(4);
    gradeBundle(h, lesson.cases, bundle, { timeoutMs: 1000 });
    expect(running()).toEqual([0, 1, 2]);
    expect(live).toHaveLength(lesson.cases.length);
  });

  it('keeps at most the cores running (at least two), starting the next as one ends', async () => {
    const { h, live, running } = heldHost(1);
    const reports: string[] = [];
    const grading = gradeBundle(h, fiveCases, bundle, {
      timeoutMs: 1000,
      onCase: (r) => reports.push(r.name),
    });
    expect(running()).toEqual([0, 1]);
    live[1]!.events.message(DONE);
    await settled();
    expect(reports).toEqual(['b']);
    expect(running()).toEqual([0, 2]);
    grading.cancel();
    expect((await grading.result).map((r) => [r.name, r.kind])).toEqual([
      ['a', 'cancelled'],
      ['b', 'no-output'],
      ['c', 'cancelled'],
      ['d', 'cancelled'],
      ['e', 'cancelled'],
    ]);
    expect(running()).toEqual([]);
    expect(live).toHaveLength(3);
  });

  it('starts no further case once one has run past its time limit: the rest say why', async () => {
    const { h, live, running, expire } = heldHost(2);
    const grading = gradeBundle(h, fiveCases, bundle, { timeoutMs: 1000 });
    expire(0);
    await settled();
    expect(running()).toEqual([1]);
    live[1]!.events.message(DONE);
    const reports = await grading.result;
    expect(reports.map((r) => [r.name, r.kind])).toEqual([
      ['a', 'timeout'],
      ['b', 'no-output'],
      ['c', 'skipped'],
      ['d', 'skipped'],
      ['e', 'skipped'],
    ]);
    expect(reports[2]!.message).toMatch(/^Not run: case `a` ran past its time limit/);
    expect(live).toHaveLength(2);
  });

  it('ends each worker with its case, however the case ended: no worker is given another', async () => {
    const { h, live, running } = heldHost();
    const grading = gradeBundle(h, lesson.cases, bundle, { timeoutMs: 1000 });
    live[1]!.events.message(DONE);
    live[0]!.events.error({ name: 'Error', message: 'crashed' });
    expect(running()).toEqual([2]);
    grading.cancel();
    const reports = await grading.result;
    expect(reports.map((r) => [r.name, r.kind])).toEqual([
      ['a', 'runtime'],
      ['b', 'no-output'],
      ['c', 'cancelled'],
    ]);
    expect(live.map((w) => w.ended)).toEqual(['terminated', 'terminated', 'terminated']);
    expect(live).toHaveLength(lesson.cases.length);
  });
});
