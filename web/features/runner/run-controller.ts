import {
  prepareBundle,
  startGrading,
  type CaseReport,
  type Bundler,
  type Clock,
  type FileMap,
  type GradingHandle,
  type GradingHost,
  type Lesson,
} from '../../../core/index.ts';
import type { RunSource } from '../../store/run-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { loadBundler, whenBundlerReady } from './bundler.ts';
import { spawnSandboxedWorker } from './spawn-worker.ts';

const clock: Clock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => window.setTimeout(fn, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
};

/**
 * Finished cases reach the store in batches, at most this often: a run that is over sooner
 * renders once, complete, instead of once per case (each render would hold up the page's
 * answers to the cases still running); a slow run still shows each case soon after it ends.
 */
const PROGRESS_MS = 100;

/** The page as the core's grading host: its bundler worker, the sandbox, the clock. */
function hostFor(bundle: Bundler): GradingHost {
  return { bundle, spawn: spawnSandboxedWorker, clock };
}

let latest = 0;
/** The run Stop was last pressed for: it may still be waiting for the bundler. */
let stopped = 0;
let current: GradingHandle | undefined;
/** The latest lesson prepareRun was asked for. */
let preparing = 0;

/**
 * Grades the learner's files with the same core grader as the CLI. A newer run cancels the
 * older one, and the store drops any result that carries an older run's id, so a stale
 * report can never replace a fresh one.
 */
export async function runLesson(lesson: Lesson, files: FileMap, source: RunSource): Promise<void> {
  current?.cancel();
  current = undefined;
  const id = ++latest;
  const store = useAppStore.getState();
  store.beginRun(id, lesson.id, source);
  let bundle;
  try {
    bundle = await loadBundler();
  } catch (error) {
    store.crashRun(id, `The bundler is not available: ${describe(error)}`);
    return;
  }
  if (id !== latest) return;
  let finished: CaseReport[] = [];
  let progress: number | undefined;
  const showProgress = () => {
    progress = undefined;
    const batch = finished;
    finished = [];
    if (batch.length > 0) useAppStore.getState().addCaseReports(id, batch);
  };
  const handle = startGrading(hostFor(bundle), lesson, files, {
    onCase: (report) => {
      finished.push(report);
      progress ??= window.setTimeout(showProgress, PROGRESS_MS);
    },
  });
  current = handle;
  if (stopped === id) handle.cancel();
  try {
    const report = await handle.result;
    if (id !== latest) return;
    // For the browser's performance panel and the benchmark: the run, and its bundling step.
    performance.measure('theinference:run', {
      start: report.durationMs > 0 ? performance.now() - report.durationMs : performance.now(),
      detail: { lesson: lesson.id, bundleMs: report.bundleMs, status: report.status },
    });
    const state = useAppStore.getState();
    state.finishRun(id, report);
    // Only a run of the learner's own code is their attempt (not a link's, not the reference).
    if (source === 'mine' && !report.cases.some((c) => c.kind === 'cancelled')) {
      state.recordAttempt(lesson.id, report.status === 'pass', files);
    }
  } catch (error) {
    useAppStore.getState().crashRun(id, `The run failed inside the grader: ${describe(error)}`);
  } finally {
    window.clearTimeout(progress);
    if (current === handle) current = undefined;
  }
}

/**
 * Bundles the lesson's files in the background as soon as the bundler is up, so the first
 * Run (if the code is unchanged by then) finds its bundle ready, or at least under way.
 * It does not start the bundler itself (see main.tsx for when that happens).
 */
export function prepareRun(lesson: Lesson, files: FileMap): void {
  const mine = ++preparing;
  void whenBundlerReady().then((bundle) => {
    // Lessons opened and left before the bundler was up are not bundled: only the open one.
    if (mine === preparing) prepareBundle(hostFor(bundle), lesson, files);
  });
}

/** Stops the current run at once: its workers are terminated and its cases say "cancelled". */
export function stopRun(): void {
  stopped = latest;
  current?.cancel();
}

/** Forgets the current run (switching lessons): stops it and clears its results. */
export function abandonRun(): void {
  latest++;
  current?.cancel();
  current = undefined;
  useAppStore.getState().clearRun();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
