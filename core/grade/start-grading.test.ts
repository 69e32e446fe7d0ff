import { describe, expect, it } from 'vitest';
import type { Lesson, LessonCase } from '../lesson/types.ts';
import { gradeBundle, LANE_PATIENCE_MS, startGrading } from './start-grading.ts';
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

/** A host whose workers wait to be told how their case ends: to see which cases run when. */
function heldHost(lanes?: number) {
  const live: { name: number; events: WorkerEvents; ended: string }[] = [];
  /** The clock's timers, run by the test (the time limits and the lanes' patience). */
  const timers: { fn: () => void; ms: number; cleared: boolean }[] = [];
  const h: RunHost = {
    prelude: '',
    lanes,
    spawn: (_script, events) => {
      const worker = { name: live.length, events, ended: '' };
      live.push(worker);
      return {
        post: () => undefined,
        terminate: () => void (worker.ended ||= 'terminated'),
        release: () => void (worker.ended ||= 'released'),
      };
    },
    clock: {
      now: () => 0,
      setTimeout: (fn, ms) => {
        const timer = { fn, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer) => void (timer && ((timer as { cleared: boolean }).cleared = true)),
    },
  };
  const running = () => live.filter((w) => !w.ended).map((w) => w.name);
  /** Runs the timers due after `ms` that are still set. */
  const wait = (ms: number) => {
    for (const timer of timers.splice(0)) {
      if (timer.cleared) continue;
      if (timer.ms <= ms) timer.fn();
      else timers.push(timer);
    }
  };
  return { h, live, running, wait };
}
const bundle = { script: '', sourceMap: '{"version":3,"sources":[],"mappings":""}' };
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('gradeBundle in lanes', () => {
  it('runs all the cases at once without lanes', () => {
    const { h, running } = heldHost();
    gradeBundle(h, lesson.cases, bundle, { timeoutMs: 1000 });
    expect(running()).toEqual([0, 1, 2]);
  });

  it('runs `lanes` cases at a time, the next as one ends, releasing a worker that ended on its own', async () => {
    const { h, live, running } = heldHost(2);
    const grading = gradeBundle(h, lesson.cases, bundle, { timeoutMs: 1000 });
    expect(running()).toEqual([0, 1]);
    live[1]!.events.message({ type: 'done' });
    await settled();
    expect(live[1]!.ended).toBe('released');
    expect(running()).toEqual([0, 2]);
    live[0]!.events.error({ name: 'Error', message: 'crashed' });
    live[2]!.events.message({ type: 'done' });
    expect(live[0]!.ended).toBe('terminated');
    const reports = await grading.result;
    expect(reports.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(live).toHaveLength(3);
  });

  it('cancels the cases still waiting for a lane as well as those running', async () => {
    const { h, live } = heldHost(1);
    const grading = gradeBundle(h, lesson.cases, bundle, { timeoutMs: 1000 });
    grading.cancel();
    const reports = await grading.result;
    expect(reports.map((r) => r.kind)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(live).toHaveLength(1);
    expect(live[0]!.ended).toBe('terminated');
  });

  it("starts the next case beside one that runs past the lanes' patience", () => {
    const { h, running, wait } = heldHost(1);
    gradeBundle(h, lesson.cases, bundle, { timeoutMs: 1000 });
    expect(running()).toEqual([0]);
    wait(LANE_PATIENCE_MS);
    expect(running()).toEqual([0, 1]);
    wait(LANE_PATIENCE_MS);
    expect(running()).toEqual([0, 1, 2]);
  });
});
