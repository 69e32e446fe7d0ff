import {
  prepareBundle,
  startGrading,
  startLiveRun,
  type LiveReport,
  type LiveRunHandle,
  type LiveRunOptions,
  type CaseReport,
  type Bundler,
  type Clock,
  type FileMap,
  type GradingHandle,
  type GradingHost,
  type Lesson,
} from '../../../core/index.ts';
import type { RunSource, RunState } from '../../store/run-slice.ts';
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
/** The live run under way, if any (live mode: one run at a time, as with grading). */
let currentLive: LiveRunHandle | undefined;
/** The latest lesson prepareRun was asked for. */
let preparing = 0;

/**
 * Grades the learner's files with the same core grader as the CLI: every case, or only those
 * named in `only`. A newer run cancels the older one, and the store drops any result that
 * carries an older run's id, so a stale report can never replace a fresh one. Resolves to the
 * run as it finished (cancelled or done), or undefined when it could not finish or a newer
 * run took its place.
 */
export async function runLesson(
  lesson: Lesson,
  files: FileMap,
  source: RunSource,
  only?: string[],
): Promise<RunState | undefined> {
  current?.cancel();
  current = undefined;
  currentLive?.cancel();
  const id = ++latest;
  const store = useAppStore.getState();
  store.beginRun(id, lesson.id, source, files, only);
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
    cases: only,
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
    useAppStore.getState().finishRun(id, report);
    const finished = useAppStore.getState().run;
    return finished?.id === id ? finished : undefined;
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

/**
 * Runs the learner's files once live (live mode): the lesson's harness and tools in the sandbox
 * as for a case, with `options.answer` (the page's SDK call) replying to each model call.
 * Whatever it needs besides the answerer comes in `options`; the key never reaches here.
 */
export async function runLive(
  lesson: Lesson,
  files: FileMap,
  options: LiveRunOptions,
): Promise<LiveReport> {
  current?.cancel();
  currentLive?.cancel();
  let bundle;
  try {
    bundle = await loadBundler();
  } catch (error) {
    throw new Error(`The bundler is not available: ${describe(error)}`, { cause: error });
  }
  const handle = startLiveRun(hostFor(bundle), lesson, files, options);
  currentLive = handle;
  try {
    return await handle.result;
  } finally {
    if (currentLive === handle) currentLive = undefined;
  }
}

/** Stops the current run at once: its workers are terminated and its cases say "cancelled". */
export function stopRun(): void {
  stopped = latest;
  current?.cancel();
  currentLive?.cancel();
}

/** Forgets the current run (switching lessons): stops it and clears its results. */
export function abandonRun(): void {
  latest++;
  current?.cancel();
  current = undefined;
  currentLive?.cancel();
  useAppStore.getState().clearRun();
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
