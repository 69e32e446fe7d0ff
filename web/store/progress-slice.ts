import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { bump } from './drafts-slice.ts';

/** What the course map shows for a lesson. */
export type LessonStatus = 'not-started' | 'in-progress' | 'passed';

/** A lesson the learner has touched. Lessons never touched have no entry. */
export interface LessonProgress {
  /** Passed once stays passed: a later failing edit does not take the tick away. */
  passed: boolean;
  /** Runs that finished with a verdict (a cancelled run is not an attempt). */
  attempts: number;
  /** The learner asked to see the reference solution (Show solution). */
  solutionSeen?: boolean;
}

export interface ProgressSlice {
  progress: Record<string, LessonProgress>;
  /**
   * lessonId -> the learner's editable files as their latest passing run graded them: the
   * code the next lesson can start from. Persisted: it is theirs.
   */
  passedCode: Record<string, FileMap>;
  markStarted(lessonId: string): void;
  /** A finished run of the learner's own code; `files` are what it graded. */
  recordAttempt(lessonId: string, passed: boolean, files?: FileMap): void;
  markSolutionSeen(lessonId: string): void;
  /**
   * Starts a lesson from other code than the starter (the learner's own, carried forward, or
   * the course's version back): it becomes the draft, and the editor reloads it.
   */
  startFrom(lessonId: string, files: FileMap): void;
}

export const createProgressSlice: StateCreator<AppState, [], [], ProgressSlice> = (set) => ({
  progress: {},
  passedCode: {},
  markStarted: (lessonId) =>
    set((state) =>
      state.progress[lessonId]
        ? state
        : { progress: { ...state.progress, [lessonId]: { passed: false, attempts: 0 } } },
    ),
  recordAttempt: (lessonId, passed, files) =>
    set((state) => {
      const before = state.progress[lessonId] ?? { passed: false, attempts: 0 };
      const after = { ...before, passed: before.passed || passed, attempts: before.attempts + 1 };
      const progress = { ...state.progress, [lessonId]: after };
      if (!passed || !files) return { progress };
      return { progress, passedCode: { ...state.passedCode, [lessonId]: { ...files } } };
    }),
  markSolutionSeen: (lessonId) =>
    set((state) => {
      const before = state.progress[lessonId] ?? { passed: false, attempts: 0 };
      if (before.solutionSeen) return state;
      return { progress: { ...state.progress, [lessonId]: { ...before, solutionSeen: true } } };
    }),
  startFrom: (lessonId, files) =>
    set((state) => ({
      drafts: { ...state.drafts, [lessonId]: { ...files } },
      reloads: bump(state.reloads, lessonId),
    })),
});

/** The status the course map shows, from a lesson's progress entry. */
export function lessonStatus(progress: LessonProgress | undefined): LessonStatus {
  if (!progress) return 'not-started';
  return progress.passed ? 'passed' : 'in-progress';
}

/** The learner has run their own code on the lesson at least once. */
export function hasAttempted(progress: LessonProgress | undefined): boolean {
  return (progress?.attempts ?? 0) > 0 || progress?.passed === true;
}

/** The reference solution may be shown: the learner passed, or asked for it. */
export function referenceUnlocked(progress: LessonProgress | undefined): boolean {
  return progress?.passed === true || progress?.solutionSeen === true;
}
