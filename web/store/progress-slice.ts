import type { StateCreator } from 'zustand';
import type { AppState } from './app-state.ts';

/** What the course map shows for a lesson. */
export type LessonStatus = 'not-started' | 'in-progress' | 'passed';

/** A lesson the learner has touched. Lessons never touched have no entry. */
export interface LessonProgress {
  /** Passed once stays passed: a later failing edit does not take the tick away. */
  passed: boolean;
  /** Runs that finished with a verdict (a cancelled run is not an attempt). */
  attempts: number;
}

export interface ProgressSlice {
  progress: Record<string, LessonProgress>;
  markStarted(lessonId: string): void;
  recordAttempt(lessonId: string, passed: boolean): void;
}

export const createProgressSlice: StateCreator<AppState, [], [], ProgressSlice> = (set) => ({
  progress: {},
  markStarted: (lessonId) =>
    set((state) =>
      state.progress[lessonId]
        ? state
        : { progress: { ...state.progress, [lessonId]: { passed: false, attempts: 0 } } },
    ),
  recordAttempt: (lessonId, passed) =>
    set((state) => {
      const before = state.progress[lessonId] ?? { passed: false, attempts: 0 };
      const after = { passed: before.passed || passed, attempts: before.attempts + 1 };
      return { progress: { ...state.progress, [lessonId]: after } };
    }),
});

/** The status the course map shows, from a lesson's progress entry. */
export function lessonStatus(progress: LessonProgress | undefined): LessonStatus {
  if (!progress) return 'not-started';
  return progress.passed ? 'passed' : 'in-progress';
}
