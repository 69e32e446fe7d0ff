import { describe, expect, it } from 'vitest';
import type { CaseReport, Lesson } from '../../../core/index.ts';
import type { RunState } from '../../store/run-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { recordRun } from './record-run.ts';

const kase = (name: string, pass: boolean): CaseReport => ({
  name,
  visible: true,
  description: '',
  status: pass ? 'pass' : 'fail',
  kind: pass ? 'pass' : 'diff',
  message: pass ? 'Output matches.' : 'finalText: expected "done", got ""',
  turns: [],
  console: [],
  consoleTruncated: false,
  durationMs: 1,
});

const lesson = { id: 'rec', cases: [{ name: 'a' }, { name: 'b' }] } as unknown as Lesson;

const run = (cases: CaseReport[], only?: string[]): RunState => ({
  id: 1,
  streak: 1,
  lessonId: 'rec',
  source: 'mine',
  files: {},
  phase: 'done',
  cases,
  ...(only ? { only } : {}),
  report: { lessonId: 'rec', status: 'fail', compileErrors: [], cases, bundleMs: 1, durationMs: 1 },
});

describe('recordRun', () => {
  it('keeps the summary of a full run, and passes the lesson only when every case passed', () => {
    recordRun(lesson, run([kase('a', true), kase('b', false)]), 1000);
    expect(useAppStore.getState().progress.rec).toEqual({
      passed: false,
      attempts: 1,
      last: {
        status: 'fail',
        passed: 1,
        total: 2,
        summary: 'Failed: 1 of 2 cases pass. b: finalText: expected "done", got ""',
        at: 1000,
      },
    });
    // One case run alone, passing: an attempt, not a pass, and the full run's summary stays.
    recordRun(lesson, run([kase('b', true)], ['b']), 2000);
    expect(useAppStore.getState().progress.rec).toMatchObject({
      passed: false,
      attempts: 2,
      last: { at: 1000 },
    });
    recordRun(lesson, run([kase('a', true), kase('b', true)]), 3000);
    expect(useAppStore.getState().progress.rec).toMatchObject({
      passed: true,
      attempts: 3,
      last: { status: 'pass', summary: 'Passed: all 2 cases pass.', at: 3000 },
    });
  });
});
