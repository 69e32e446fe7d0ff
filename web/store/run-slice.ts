import type { StateCreator } from 'zustand';
import type { CaseReport, LessonReport } from '../../core/index.ts';
import type { AppState } from './app-state.ts';

export type RunPhase = 'running' | 'done' | 'cancelled' | 'crashed';

/**
 * Whose code a run graded: the learner's own, a share link's (not theirs until kept), or the
 * reference solution with a tutor experiment's change. Only the learner's own runs count
 * towards their progress, and only theirs mark their code.
 */
export type RunSource = 'mine' | 'shared' | 'reference';

/** The latest run of the current lesson. Never persisted: a run can always be repeated. */
export interface RunState {
  /** Increases with every run; results carrying an older id are stale and dropped. */
  id: number;
  lessonId: string;
  source: RunSource;
  phase: RunPhase;
  /** Case reports as they arrive, before the lesson report is complete. */
  cases: CaseReport[];
  report?: LessonReport;
  /** Why the run could not happen at all (the bundler failed to load, ...). */
  error?: string;
  /** The last finished run of the same lesson, shown until this one has a case in. */
  previous?: RunState;
}

export type BundlerStatus =
  { state: 'loading' } | { state: 'ready' } | { state: 'failed'; message: string };

export interface RunSlice {
  run: RunState | undefined;
  bundler: BundlerStatus;
  selectedCase: string | undefined;
  beginRun(id: number, lessonId: string, source: RunSource): void;
  /** Cases that finished while the run goes on, in the order they finished. */
  addCaseReports(id: number, reports: CaseReport[]): void;
  finishRun(id: number, report: LessonReport): void;
  crashRun(id: number, error: string): void;
  clearRun(): void;
  setBundler(status: BundlerStatus): void;
  selectCase(name: string | undefined): void;
}

export const createRunSlice: StateCreator<AppState, [], [], RunSlice> = (set) => {
  /** Applies `change` only when `id` is the current run, so stale results never land. */
  const ifCurrent = (id: number, change: (run: RunState) => Partial<RunState>) =>
    set((state) =>
      state.run && state.run.id === id ? { run: { ...state.run, ...change(state.run) } } : state,
    );
  return {
    run: undefined,
    bundler: { state: 'loading' },
    selectedCase: undefined,
    beginRun: (id, lessonId, source) =>
      set(({ run: last }) => {
        const finished = last?.phase === 'running' ? last.previous : last;
        const previous =
          finished?.lessonId === lessonId ? { ...finished, previous: undefined } : undefined;
        return { run: { id, lessonId, source, phase: 'running', cases: [], previous } };
      }),
    addCaseReports: (id, reports) =>
      ifCurrent(id, (run) => ({ cases: [...run.cases, ...reports] })),
    finishRun: (id, report) =>
      ifCurrent(id, () => ({
        cases: report.cases,
        report,
        phase: report.cases.some((c) => c.kind === 'cancelled') ? 'cancelled' : 'done',
      })),
    crashRun: (id, error) => ifCurrent(id, () => ({ phase: 'crashed', error })),
    clearRun: () => set({ run: undefined, selectedCase: undefined }),
    setBundler: (bundler) => set({ bundler }),
    selectCase: (selectedCase) => set({ selectedCase }),
  };
};
