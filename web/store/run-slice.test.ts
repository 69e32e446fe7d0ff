import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { CaseReport, LessonReport } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
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
    s.getState().beginRun(1, 'l', 'mine');
    s.getState().beginRun(2, 'l', 'mine');
    s.getState().addCaseReports(1, [kase('stale')]);
    s.getState().finishRun(1, report([kase('stale')]));
    expect(s.getState().run).toEqual({
      id: 2,
      lessonId: 'l',
      source: 'mine',
      phase: 'running',
      cases: [],
    });
    s.getState().finishRun(2, report([kase('fresh')]));
    expect(s.getState().run?.phase).toBe('done');
    expect(s.getState().run?.cases.map((c) => c.name)).toEqual(['fresh']);
  });

  it('calls a run with cancelled cases cancelled', () => {
    const s = store();
    s.getState().beginRun(1, 'l', 'mine');
    s.getState().finishRun(1, report([kase('a', 'cancelled')]));
    expect(s.getState().run?.phase).toBe('cancelled');
  });
});

describe('progress slice', () => {
  it('keeps a pass once earned', () => {
    const s = store();
    s.getState().recordAttempt('l', true);
    s.getState().recordAttempt('l', false);
    expect(s.getState().progress.l).toEqual({ passed: true, attempts: 2 });
  });
});
