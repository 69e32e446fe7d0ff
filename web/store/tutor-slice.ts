import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';

/** The learner's files as they were before a tutor experiment changed them. */
export interface ExperimentSnapshot {
  /** The experiment that made the first change. */
  experimentId: string;
  /** path -> the text before any experiment touched it. */
  files: FileMap;
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
}

export const createTutorSlice: StateCreator<AppState, [], [], TutorSlice> = (set) => ({
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
});
