import type { StateCreator } from 'zustand';
import type { CaseReport, FileMap, LessonReport } from '../../core/index.ts';
import type { BundlerStatus } from '../host/page/bundler-client.ts';

export type { BundlerStatus };
import { sameFiles } from './drafts-slice.ts';

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
  /**
   * The id of the run that began the learner's current wait: this run's own, or, when it took
   * the place of a run still going, that run's `streak`. The page shows a run as under way once
   * the wait, not this run, has lasted a moment (so a second press does not hide "Running").
   */
  streak: number;
  lessonId: string;
  source: RunSource;
  /** The learner's files it graded (so the page can tell when the code has changed since). */
  files: FileMap;
  /** The cases it runs, by name, when only some ("run this case"); every case when absent. */
  only?: string[];
  /**
   * With `only`: the last run's reports of the other cases, when that run graded the very same
   * files (so its verdicts still hold). The run's results are its own cases and these.
   */
  carried?: CaseReport[];
  phase: RunPhase;
  /** Case reports as they arrive, before the lesson report is complete. */
  cases: CaseReport[];
  report?: LessonReport;
  /** Why the run could not happen at all (the bundler failed to load, ...). */
  error?: string;
  /** The last finished run of the same lesson, shown until this one has a case in. */
  previous?: RunState;
}

export interface RunSlice {
  run: RunState | undefined;
  bundler: BundlerStatus;
  selectedCase: string | undefined;
  beginRun(id: number, lessonId: string, source: RunSource, files: FileMap, only?: string[]): void;
  /** Cases that finished while the run goes on, in the order they finished. */
  addCaseReports(id: number, reports: CaseReport[]): void;
  finishRun(id: number, report: LessonReport): void;
  crashRun(id: number, error: string): void;
  clearRun(): void;
  setBundler(status: BundlerStatus): void;
  selectCase(name: string | undefined): void;
}

export const createRunSlice: StateCreator<RunSlice> = (set) => {
  /** Applies `change` only when `id` is the current run, so stale results never land. */
  const ifCurrent = (id: number, change: (run: RunState) => Partial<RunState>) =>
    set((state) =>
      state.run && state.run.id === id ? { run: { ...state.run, ...change(state.run) } } : state,
    );
  return {
    run: undefined,
    bundler: { state: 'loading' },
    selectedCase: undefined,
    beginRun: (id, lessonId, source, files, only) =>
      set(({ run: last }) => {
        const finished = last?.phase === 'running' ? last.previous : last;
        const previous =
          finished?.lessonId === lessonId ? { ...finished, previous: undefined } : undefined;
        const streak = last?.phase === 'running' && last.lessonId === lessonId ? last.streak : id;
        const run: RunState = { id, streak, lessonId, source, files, phase: 'running', cases: [] };
        if (previous) run.previous = previous;
        if (only) {
          run.only = only;
          const same =
            previous?.phase === 'done' &&
            previous.source === source &&
            sameFiles(previous.files, files);
          const carried = same ? runReports(previous).filter((c) => !only.includes(c.name)) : [];
          if (carried.length > 0) run.carried = carried;
        }
        return { run };
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

/** A run's results: its own cases' reports, and those it carried over from the last run. */
export function runReports(run: RunState): CaseReport[] {
  return run.carried ? [...run.cases, ...run.carried] : run.cases;
}
