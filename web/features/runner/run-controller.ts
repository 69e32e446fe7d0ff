import {
  cachedBundler,
  startGrading,
  type Bundler,
  type CaseReport,
  type Clock,
  type CompileError,
  type FileMap,
  type LessonReport,
  type Lesson,
} from '../../../core/index.ts';
import type { PageBundler } from '../../host/page/bundler-client.ts';
import type { FrameLiveRequest, LiveRunEnd, RunnerFrame } from '../../host/page/runner-client.ts';
import type { RunSlice, RunSource, RunState } from '../../store/run-slice.ts';

/**
 * Finished cases reach the store in batches, at most this often: a run that is over sooner
 * renders once, complete, instead of once per case; a slow run still shows each case soon after
 * it ends.
 */
const PROGRESS_MS = 100;

/** The page's host for runs: its bundler worker, its runner frame, its clock. */
export interface PageHost {
  bundler: PageBundler;
  frame: RunnerFrame;
  clock: Clock;
}

/** The store's run actions (the app's zustand store, or a fake in tests). */
export interface RunStore {
  getState(): Pick<
    RunSlice,
    'run' | 'beginRun' | 'addCaseReports' | 'finishRun' | 'crashRun' | 'clearRun'
  >;
}

export interface RunController {
  /**
   * Grades the files with the same core grader as the CLI (every case, or those named in
   * `only`): bundled in the page's bundler worker, run and graded in the runner frame. A newer
   * run cancels the older one, and the store drops any result that carries an older run's id.
   * Resolves to the run as it finished (cancelled or done), or undefined when it could not
   * finish or a newer run took its place. `onFinish` gets that same finished run in the very
   * tick its results reach the store, so whatever it changes in the store (the learner's
   * progress) renders with the results, in one commit instead of a second one a microtask later.
   */
  run(
    lesson: Lesson,
    files: FileMap,
    source: RunSource,
    only?: string[],
    onFinish?: (run: RunState) => void,
  ): Promise<RunState | undefined>;
  /**
   * Bundles the lesson's files in the background as soon as the bundler is up, so a Run finds
   * its bundle ready, or under way: called when a lesson opens and after every edit (esbuild
   * rebuilds only what the edit changed, in its own worker). It does not start the bundler.
   */
  prepare(lesson: Lesson, files: FileMap): void;
  /**
   * Live mode: bundles the files as `run` does, then runs them once in the runner frame with
   * the learner's own input, ungraded, `model` (the page's live session) answering each model
   * call. It takes the place of any run under way, as a newer run does. Resolves to the run's
   * end, the compile errors, or undefined when a newer run took its place; throws when the
   * bundler is not available.
   */
  live(lesson: Lesson, files: FileMap, options: LiveRunOptions): Promise<LiveRunResult | undefined>;
  /** Stops the current run at once: its cases say "cancelled". */
  stop(): void;
  /** Forgets the current run (switching lessons): stops it and clears its results. */
  abandon(): void;
}

/** What a live run needs besides the lesson and files. */
export type LiveRunOptions = Pick<FrameLiveRequest, 'input' | 'model' | 'user'>;

/** A live run's end: it did not compile, or it ran (see `LiveRunEnd`). */
export type LiveRunResult =
  | { ok: false; compileErrors: CompileError[]; bundleMs: number }
  | ({ ok: true; bundleMs: number } & LiveRunEnd);

export function createRunController({
  store,
  host,
}: {
  store: RunStore;
  host: PageHost;
}): RunController {
  let latest = 0;
  /** The run Stop was last pressed for: it may still be waiting for the bundler. */
  let stopped = 0;
  let current: { cancel(): void } | undefined;
  /** The latest files `prepare` was asked for, and the bundle it is making. */
  let preparing = 0;
  let preparingNow: Promise<void> | undefined;

  const run: RunController['run'] = async (lesson, files, source, only, onFinish) => {
    current?.cancel();
    current = undefined;
    const id = ++latest;
    // The store (and the page's render of "running") hears of the run once its script is on its
    // way to the runner frame, or after this task if the bundle takes longer: the bundle is
    // usually made already (prepare), and the frame then starts on the cases while the page
    // renders, instead of after.
    let begun = false;
    const begin = () => {
      host.clock.clearTimeout(beginLater);
      if (begun || id !== latest) return;
      begun = true;
      store.getState().beginRun(id, lesson.id, source, files, only);
    };
    const beginLater = host.clock.setTimeout(begin, 0);
    let bundler: Bundler;
    try {
      bundler = await host.bundler.load();
    } catch (error) {
      begin();
      store.getState().crashRun(id, `The bundler is not available: ${describe(error)}`);
      return;
    }
    if (id !== latest) return;
    let finished: CaseReport[] = [];
    let progress: unknown;
    const showProgress = () => {
      progress = undefined;
      const batch = finished;
      finished = [];
      if (batch.length > 0) store.getState().addCaseReports(id, batch);
    };
    const started = host.clock.now();
    const grading = startGrading(
      {
        bundle: bundler,
        clock: host.clock,
        gradeBundle(cases, { script, sourceMap }, { timeoutMs, onCase }) {
          const handle = host.frame.run(
            { script, sourceMap, cases: [...cases], timeoutMs },
            onCase ?? (() => {}),
          );
          begin();
          return handle;
        },
      },
      lesson,
      files,
      {
        cases: only,
        onCase(report) {
          finished.push(report);
          progress ??= host.clock.setTimeout(showProgress, PROGRESS_MS);
        },
      },
    );
    current = grading;
    if (stopped === id) grading.cancel();
    let report: LessonReport;
    try {
      report = await grading.result;
    } catch (error) {
      if (id !== latest) return;
      begin();
      store.getState().crashRun(id, `The run failed inside the grader: ${describe(error)}`);
      return;
    } finally {
      if (progress !== undefined) host.clock.clearTimeout(progress);
      if (current === grading) current = undefined;
    }
    if (id !== latest) return;
    // For the browser's performance panel and the benchmark: the run, and its bundling step.
    performance.measure('theinference:run', {
      start: started,
      detail: { lesson: lesson.id, bundleMs: report.bundleMs, status: report.status },
    });
    begin();
    store.getState().finishRun(id, report);
    const done = store.getState().run;
    if (done?.id !== id) return;
    onFinish?.(done);
    return done;
  };

  const live: RunController['live'] = async (lesson, files, { input, model, user }) => {
    current?.cancel();
    current = undefined;
    const id = ++latest;
    const bundler = cachedBundler(await host.bundler.load());
    if (id !== latest) return;
    const started = host.clock.now();
    const bundle = await bundler(lesson, files);
    const bundleMs = host.clock.now() - started;
    if (id !== latest) return;
    if (!bundle.ok) return { ok: false, compileErrors: bundle.errors, bundleMs };
    const { script, sourceMap } = bundle;
    const handle = host.frame.live({
      script,
      sourceMap,
      input,
      timeoutMs: lesson.timeoutMs,
      model,
      ...(user ? { user } : {}),
    });
    current = handle;
    if (stopped === id) handle.cancel();
    try {
      const end = await handle.result;
      return id === latest ? { ok: true, bundleMs, ...end } : undefined;
    } finally {
      if (current === handle) current = undefined;
    }
  };

  return {
    run,
    live,
    prepare(lesson, files) {
      const mine = ++preparing;
      void host.bundler.whenReady().then(async (bundler) => {
        // Lessons opened and left before the bundler was up are not bundled: only the open one.
        // One bundle in flight at a time: typing faster than esbuild bundles the latest text.
        while (preparingNow) await preparingNow;
        if (mine !== preparing) return;
        preparingNow = cachedBundler(bundler)(lesson, files).then(() => {
          preparingNow = undefined;
        });
      });
    },
    stop() {
      stopped = latest;
      current?.cancel();
    },
    abandon() {
      latest++;
      current?.cancel();
      current = undefined;
      store.getState().clearRun();
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
