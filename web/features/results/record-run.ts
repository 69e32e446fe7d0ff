import type { Lesson } from '../../../core/index.ts';
import type { RunState } from '../../store/run-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { verdictOf, verdictText } from './verdict.ts';

/**
 * Counts a finished run of the learner's own code as an attempt. The lesson is passed only
 * when every case passed on the same code; a run that covered every case leaves its verdict's
 * summary (not its transcripts) in the learner's progress, for when they come back.
 */
export function recordRun(lesson: Lesson, run: RunState, now = Date.now()): void {
  const verdict = verdictOf(run, lesson.cases);
  if (!verdict || verdict.outcome === 'stopped' || verdict.outcome === 'running') return;
  const passed = verdict.outcome === 'pass';
  const last = verdict.complete
    ? {
        status: passed ? ('pass' as const) : ('fail' as const),
        passed: verdict.passed,
        total: verdict.total,
        summary: verdictText(verdict),
        at: now,
      }
    : undefined;
  useAppStore.getState().recordAttempt(lesson.id, passed, last, run.files);
}
