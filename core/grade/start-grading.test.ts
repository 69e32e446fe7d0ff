import { describe, expect, it } from 'vitest';
import type { Lesson, LessonCase } from '../lesson/types.ts';
import { startGrading } from './start-grading.ts';
import type { GradingHost } from '../run/host.ts';

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
