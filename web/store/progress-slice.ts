import type { StateCreator } from 'zustand';
import type { AppState } from './app-state.ts';

/** What the course map shows for a lesson. */
export type LessonStatus = 'not-started' | 'in-progress' | 'passed';

/**
 * The outcome of the learner's last full run of a lesson, kept so that coming back to it
 * says how it went. Only this summary is saved, never the transcripts or the grades.
 */
export interface LastVerdict {
  status: 'pass' | 'fail';
  /** Cases that passed, of `total`. */
  passed: number;
  total: number;
  /** The verdict as announced, at most SUMMARY_CHARS long. */
  summary: string;
  /** When the run finished (ms since the epoch). */
  at: number;
}

/** How much of a verdict is kept. */
export const SUMMARY_CHARS = 240;

/** A lesson the learner has touched. Lessons never touched have no entry. */
export interface LessonProgress {
  /** Passed once stays passed: a later failing edit does not take the tick away. */
  passed: boolean;
  /** Runs that finished with a verdict (a cancelled run is not an attempt). */
  attempts: number;
  /** The last full run's verdict; absent until there is one. */
  last?: LastVerdict;
}

export interface ProgressSlice {
  progress: Record<string, LessonProgress>;
  markStarted(lessonId: string): void;
  /** A finished run of the learner's code; `last` when it ran every case. */
  recordAttempt(lessonId: string, passed: boolean, last?: LastVerdict): void;
}

export const createProgressSlice: StateCreator<AppState, [], [], ProgressSlice> = (set) => ({
  progress: {},
  markStarted: (lessonId) =>
    set((state) =>
      state.progress[lessonId]
        ? state
        : { progress: { ...state.progress, [lessonId]: { passed: false, attempts: 0 } } },
    ),
  recordAttempt: (lessonId, passed, last) =>
    set((state) => {
      const before = state.progress[lessonId] ?? { passed: false, attempts: 0 };
      const after: LessonProgress = {
        passed: before.passed || passed,
        attempts: before.attempts + 1,
      };
      const kept = last ? { ...last, summary: last.summary.slice(0, SUMMARY_CHARS) } : before.last;
      if (kept) after.last = kept;
      return { progress: { ...state.progress, [lessonId]: after } };
    }),
});

/** The status the course map shows, from a lesson's progress entry. */
export function lessonStatus(progress: LessonProgress | undefined): LessonStatus {
  if (!progress) return 'not-started';
  return progress.passed ? 'passed' : 'in-progress';
}
