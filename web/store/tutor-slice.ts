import type { StateCreator } from 'zustand';
import type { FileMap, Quoted, TutorTarget } from '../../core/index.ts';

/** The learner's files as they were before a tutor experiment changed them. */
export interface ExperimentSnapshot {
  /** The experiment that made the first change. */
  experimentId: string;
  /** path -> the text before any experiment touched it. */
  files: FileMap;
}

/** Something in the results asked the tutor to open a section (never persisted). */
export interface TutorRequest {
  lessonId: string;
  /** What to open: an experiment, a question, or the hints. */
  target: TutorTarget;
  /**
   * "Explain this failure": the case, the tutor's paragraph about it (markdown, and what it
   * quotes from the run, as text), the run it speaks of (a newer run puts it away), and the
   * experiment whose change was in the code that ran, if one was.
   */
  explanation?: {
    caseName: string;
    paragraph: string;
    quoted: Quoted;
    runId: number;
    experiment?: string;
  };
  /** Tells two requests for the same thing apart, so each one opens it. */
  nonce: number;
}

export interface TutorSlice {
  /**
   * lessonId -> the code to put back after a "break it" experiment. Persisted: it is the
   * learner's own code, and a reload before "Restore my code" must not lose it.
   */
  experimentSnapshots: Record<string, ExperimentSnapshot>;
  /** Keeps `text` as the file's text before experiments; a file already kept keeps its older text. */
  keepBeforeExperiment(lessonId: string, experimentId: string, path: string, text: string): void;
  dropSnapshot(lessonId: string): void;
  /** lessonId -> how many of its hints the learner has opened. Persisted. */
  hintsShown: Record<string, number>;
  /** Opens the next hint, of `total`. */
  showNextHint(lessonId: string, total: number): void;
  tutorRequest: TutorRequest | undefined;
  requestTutor(request: Omit<TutorRequest, 'nonce'>): void;
}

let nextRequest = 1;

export const createTutorSlice: StateCreator<TutorSlice> = (set) => ({
  experimentSnapshots: {},
  keepBeforeExperiment: (lessonId, experimentId, path, text) =>
    set((state) => {
      const before = state.experimentSnapshots[lessonId];
      if (before && path in before.files) return state;
      const snapshot: ExperimentSnapshot = {
        experimentId: before?.experimentId ?? experimentId,
        files: { ...before?.files, [path]: text },
      };
      return { experimentSnapshots: { ...state.experimentSnapshots, [lessonId]: snapshot } };
    }),
  dropSnapshot: (lessonId) =>
    set((state) => {
      if (!(lessonId in state.experimentSnapshots)) return state;
      const { [lessonId]: _dropped, ...rest } = state.experimentSnapshots;
      return { experimentSnapshots: rest };
    }),
  hintsShown: {},
  showNextHint: (lessonId, total) =>
    set((state) => {
      const shown = state.hintsShown[lessonId] ?? 0;
      if (shown >= total) return state;
      return { hintsShown: { ...state.hintsShown, [lessonId]: shown + 1 } };
    }),
  tutorRequest: undefined,
  requestTutor: (request) => set({ tutorRequest: { ...request, nonce: nextRequest++ } }),
});
