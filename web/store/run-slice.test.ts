import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { CaseReport, LessonReport } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { DEFAULT_PANE_SIZES, PANE_LIMITS } from './preferences-slice.ts';
import { SUMMARY_CHARS } from './progress-slice.ts';
import { runReports } from './run-slice.ts';
import { createAppSlices } from './slices.ts';

const store = () => createStore<AppState>()(createAppSlices);

const kase = (name: string, kind: CaseReport['kind'] = 'pass'): CaseReport => ({
  name,
  visible: true,
  description: '',
  status: kind === 'pass' ? 'pass' : 'error',
  kind,
  message: '',
  turns: [],
  console: [],
  consoleTruncated: false,
  durationMs: 1,
});
const files = { 'src/loop.ts': 'mine' };
const report = (cases: CaseReport[]): LessonReport => ({
  lessonId: 'l',
  status: 'pass',
  compileErrors: [],
  cases,
  bundleMs: 1,
  durationMs: 1,
});

describe('run slice', () => {
  it('drops results that belong to an older run', () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine', files);
    s.getState().beginRun(2, 'l', 'mine', files);
    s.getState().addCaseReports(1, [kase('stale')]);
    s.getState().finishRun(1, report([kase('stale')]));
    expect(s.getState().run).toEqual({
      id: 2,
      streak: 1,
      lessonId: 'l',
      source: 'mine',
      files,
      phase: 'running',
      cases: [],
    });
    s.getState().finishRun(2, report([kase('fresh')]));
    expect(s.getState().run?.phase).toBe('done');
    expect(s.getState().run?.cases.map((c) => c.name)).toEqual(['fresh']);
  });

  it('counts a wait from the run that began it: a run replacing one still going continues it', () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine', files);
    s.getState().beginRun(2, 'l', 'mine', files);
    expect(s.getState().run?.streak).toBe(1);
    s.getState().finishRun(2, report([kase('a')]));
    s.getState().beginRun(3, 'l', 'mine', files);
    expect(s.getState().run?.streak).toBe(3);
  });

  it("keeps the lesson's last finished run beside a new one, until the new one is done", () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine', files);
    expect(s.getState().run?.previous).toBeUndefined();
    s.getState().finishRun(1, report([kase('first')]));
    s.getState().beginRun(2, 'l', 'mine', files);
    // A newer run started before this one ended: the finished run is still the one shown.
    s.getState().beginRun(3, 'l', 'mine', files);
    const previous = s.getState().run?.previous;
    expect(previous?.id).toBe(1);
    expect(previous?.cases.map((c) => c.name)).toEqual(['first']);
    s.getState().finishRun(3, report([kase('third')]));
    s.getState().beginRun(4, 'l', 'mine', files);
    expect(s.getState().run?.previous?.id).toBe(3);
    // One run back, no further: finished runs do not pile up.
    expect(s.getState().run?.previous?.previous).toBeUndefined();
    // Another lesson's run is never shown as this one's.
    s.getState().beginRun(5, 'other', 'mine', files);
    expect(s.getState().run?.previous).toBeUndefined();
  });

  it('calls a run with cancelled cases cancelled', () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine', files);
    s.getState().finishRun(1, report([kase('a', 'cancelled')]));
    expect(s.getState().run?.phase).toBe('cancelled');
  });
});

describe('a run of some cases', () => {
  const three = [kase('a'), kase('b', 'diff'), kase('c')];

  it("carries the other cases' verdicts over from a run of the same files", () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine', files);
    s.getState().finishRun(1, report(three));
    s.getState().beginRun(2, 'l', 'mine', files, ['b']);
    expect(s.getState().run?.carried?.map((c) => c.name)).toEqual(['a', 'c']);
    s.getState().finishRun(2, report([kase('b')]));
    const run = s.getState().run;
    expect(run && runReports(run).map((c) => [c.name, c.status])).toEqual([
      ['b', 'pass'],
      ['a', 'pass'],
      ['c', 'pass'],
    ]);
  });

  it('carries nothing over once the files changed, or from a cancelled run', () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine', files);
    s.getState().finishRun(1, report(three));
    s.getState().beginRun(2, 'l', 'mine', { 'src/loop.ts': 'edited' }, ['b']);
    expect(s.getState().run?.carried).toBeUndefined();
    s.getState().beginRun(3, 'l', 'mine', files);
    s.getState().finishRun(3, report([kase('a', 'cancelled')]));
    s.getState().beginRun(4, 'l', 'mine', files, ['b']);
    expect(s.getState().run?.carried).toBeUndefined();
  });
});

describe('progress slice', () => {
  it('keeps a pass once earned', () => {
    const s = store();
    s.getState().recordAttempt('l', true);
    s.getState().recordAttempt('l', false);
    expect(s.getState().progress.l).toEqual({ passed: true, attempts: 2 });
  });

  it('keeps the last full verdict, cut short, through runs of a few cases', () => {
    const s = store();
    const last = { status: 'fail', passed: 1, total: 5, summary: 'x'.repeat(1000), at: 5 } as const;
    s.getState().recordAttempt('l', false, last);
    s.getState().recordAttempt('l', false);
    expect(s.getState().progress.l).toEqual({
      passed: false,
      attempts: 2,
      last: { ...last, summary: 'x'.repeat(SUMMARY_CHARS) },
    });
  });
});

describe('preferences slice', () => {
  it('keeps pane sizes within their limits, and resets one', () => {
    const s = store();
    s.getState().setPaneSize('lesson', 99);
    s.getState().setPaneSize('results', 20.04);
    expect(s.getState().paneSizes).toEqual({ lesson: PANE_LIMITS.max, results: 20 });
    s.getState().resetPaneSize('lesson');
    expect(s.getState().paneSizes).toEqual({ lesson: DEFAULT_PANE_SIZES.lesson, results: 20 });
  });

  it('takes the offered font size nearest to the one asked for', () => {
    const s = store();
    s.getState().setFontSize(17.2);
    expect(s.getState().fontSize).toBe(18);
    s.getState().setFontSize(3);
    expect(s.getState().fontSize).toBe(12);
  });
});
