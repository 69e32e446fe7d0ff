import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import { bump, putDraft, type ConflictField, type DraftsSlice } from './drafts-slice.ts';

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
  /** The learner asked to see the reference solution (Show solution). */
  solutionSeen?: boolean;
  /** The last full run's verdict; absent until there is one. */
  last?: LastVerdict;
}

export interface ProgressSlice {
  progress: Record<string, LessonProgress>;
  /**
   * lessonId -> the learner's editable files as their latest passing run graded them: the
   * code the next lesson can start from. Persisted: it is theirs.
   */
  passedCode: Record<string, FileMap>;
  markStarted(lessonId: string): void;
  /**
   * A finished run of the learner's own code: `last` when it ran every case, `files` what it
   * graded (kept as the code the next lesson can start from when it passed).
   */
  recordAttempt(lessonId: string, passed: boolean, last?: LastVerdict, files?: FileMap): void;
  markSolutionSeen(lessonId: string): void;
  /**
   * Starts a lesson from other code than the starter (the learner's own, carried forward, or
   * the course's version back): it becomes the draft, and the editor reloads it.
   */
  startFrom(lessonId: string, files: FileMap): void;
}

/**
 * What this slice reads and writes: its own fields, and the drafts (startFrom writes one,
 * stamped past a conflict over it).
 */
type Fields = ProgressSlice & DraftsSlice & ConflictField;

export const createProgressSlice: StateCreator<Fields, [], [], ProgressSlice> = (set) => ({
  progress: {},
  passedCode: {},
  markStarted: (lessonId) =>
    set((state) =>
      state.progress[lessonId]
        ? state
        : { progress: { ...state.progress, [lessonId]: { passed: false, attempts: 0 } } },
    ),
  recordAttempt: (lessonId, passed, last, files) =>
    set((state) => {
      const before = state.progress[lessonId] ?? { passed: false, attempts: 0 };
      const after: LessonProgress = {
        ...before,
        passed: before.passed || passed,
        attempts: before.attempts + 1,
      };
      const kept = last ? { ...last, summary: last.summary.slice(0, SUMMARY_CHARS) } : before.last;
      if (kept) after.last = kept;
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
      ...putDraft(state, lessonId, { ...files }),
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
