import { gradeCase } from './grade-case.ts';
import type { CaseReport, LessonReport } from './report.ts';
import type { FileMap, Lesson, LessonCase } from '../lesson/types.ts';
import { cachedBundler } from '../run/bundle-cache.ts';
import type { CompileError } from '../run/bundle.ts';
import type { Bundler } from '../run/bundle.ts';
import type { Clock, GradingHost, RunHost } from '../run/host.ts';
import type { SerializedError } from '../wire/errors.ts';
import { runCase, type CaseRunHandle } from '../run/run-case.ts';
import type { CaseRun } from '../run/events.ts';
import { createStackMapper, type StackMapper } from '../run/stack-map.ts';

/**
 * A host whose cases run in another thread, which grades them there with `gradeBundle`: the
 * browser's page, whose runner frame holds the workers.
 */
export interface RemoteGradingHost {
  /** One instance for the host's life: the core remembers each lesson's last bundle per bundler. */
  bundle: Bundler;
  clock: Clock;
  /** Runs and grades the bundle's cases, as `gradeBundle` does, wherever the workers are. */
  gradeBundle(
    cases: readonly LessonCase[],
    bundle: { script: string; sourceMap: string },
    options: { timeoutMs: number; onCase?: (report: CaseReport) => void },
  ): CaseGrading;
}

export interface GradingOptions {
  /** Per-case limit; the lesson's own when absent. */
  timeoutMs?: number;
  /** Called as each case finishes, before the whole report is ready. */
  onCase?: (report: CaseReport) => void;
  /** Only these cases, by name (the learner's "run this case"); every case when absent. */
  cases?: readonly string[];
  /**
   * Called with each case's run as it was recorded, and the bundle's stack mapper: for checks
   * that grade one run more than one way (sealed and open, say). On a host's own workers only.
   */
  onRun?: (testCase: LessonCase, run: CaseRun, stacks: StackMapper) => void;
}

export interface GradingHandle {
  result: Promise<LessonReport>;
  /** Stops every case still running; their reports say "cancelled". */
  cancel(): void;
}

/**
 * Grades the learner's files against every case of a lesson: one bundle, then each case in a
 * worker of its own (`gradeBundle`). Both hosts call this: the CLI with its own workers, the
 * page with a `RemoteGradingHost` whose runner frame runs `gradeBundle`, so for the same files
 * both reach the same verdict. Cancelled before the bundle is made, no case starts.
 */
export function startGrading(
  host: GradingHost | RemoteGradingHost,
  lesson: Lesson,
  files: FileMap,
  options: GradingOptions = {},
): GradingHandle {
  let grading: CaseGrading | undefined;
  let cancelled = false;
  const result = (async (): Promise<LessonReport> => {
    const started = host.clock.now();
    const bundle = await cachedBundler(host.bundle)(lesson, files);
    const bundleMs = host.clock.now() - started;
    const selected = selectCases(lesson, options.cases);
    const report = (cases: CaseReport[]) =>
      lessonReport(lesson, cases, bundle.ok ? [] : bundle.errors, {
        bundleMs,
        durationMs: host.clock.now() - started,
      });
    if (!bundle.ok) return report(compileFailures(selected, bundle.errors));
    if (cancelled) return report(selected.map((c) => unrunCase(c, 'cancelled')));
    const timeoutMs = options.timeoutMs ?? lesson.timeoutMs;
    const { onCase } = options;
    grading =
      'gradeBundle' in host
        ? host.gradeBundle(selected, bundle, { timeoutMs, onCase })
        : gradeBundle(host, selected, bundle, { timeoutMs, onCase, onRun: options.onRun });
    return report(await grading.result);
  })();
  return {
    result,
    cancel() {
      cancelled = true;
      grading?.cancel();
    },
  };
}

/** The lesson's cases named in `only` (in the lesson's order), or all of them. */
function selectCases(lesson: Lesson, only?: readonly string[]): LessonCase[] {
  return only ? lesson.cases.filter((c) => only.includes(c.name)) : lesson.cases;
}

/** The whole run's report, from its cases' (in the lesson's order) and the bundle's errors. */
function lessonReport(
  lesson: Lesson,
  cases: CaseReport[],
  compileErrors: CompileError[],
  times: { bundleMs: number; durationMs: number },
): LessonReport {
  const order = new Map(lesson.cases.map((c, i) => [c.name, i]));
  const sorted = [...cases].sort((a, b) => (order.get(a.name) ?? 0) - (order.get(b.name) ?? 0));
  return {
    lessonId: lesson.id,
    status: sorted.length > 0 && sorted.every((c) => c.status === 'pass') ? 'pass' : 'fail',
    compileErrors,
    cases: sorted,
    ...times,
  };
}

export interface CaseGrading {
  /** Every case's report, in the order the cases were given. */
  result: Promise<CaseReport[]>;
  /** Stops every case still running; their reports say "cancelled". */
  cancel(): void;
}

/**
 * Runs and grades one bundle's cases, each in a fresh worker of its own, at most the host's
 * cores at once (at least two; each case's time limit counts from its own start). A case
 * that runs past its time limit is code that spins: the cases not yet started then are not
 * started at all (their reports say why), so a busy loop costs one time limit, not one per
 * pair of cases. This is what the browser's runner frame does with the script the page posts
 * it once per run.
 */
export function gradeBundle(
  host: RunHost,
  cases: readonly LessonCase[],
  bundle: { script: string; sourceMap: string },
  options: Pick<GradingOptions, 'onCase' | 'onRun'> & { timeoutMs: number },
): CaseGrading {
  const stacks = createStackMapper(bundle.sourceMap);
  const slots = Math.max(2, host.cores ?? 2);
  const reports = cases.map(() => deferred<CaseReport>());
  const running = new Set<CaseRunHandle>();
  let next = 0;
  let cancelled = false;
  let timedOut: string | undefined;

  const finish = (i: number, report: CaseReport) => {
    options.onCase?.(report);
    reports[i]?.resolve(report);
  };
  const fill = () => {
    while (next < cases.length && (cancelled || timedOut || running.size < slots)) {
      const i = next++;
      const testCase = cases[i] as LessonCase;
      if (cancelled) finish(i, unrunCase(testCase, 'cancelled'));
      else if (timedOut) finish(i, skippedCase(testCase, timedOut));
      else start(i, testCase);
    }
  };
  const start = (i: number, testCase: LessonCase) => {
    const handle = runCase(host, bundle.script, testCase, options.timeoutMs);
    running.add(handle);
    void handle.result.then((run) => {
      running.delete(handle);
      options.onRun?.(testCase, run, stacks);
      if (run.outcome.kind === 'timeout') timedOut ??= testCase.name;
      finish(i, gradeCase(testCase, run, stacks));
      fill();
    });
  };
  fill();
  return {
    result: Promise.all(reports.map((r) => r.promise)),
    cancel() {
      cancelled = true;
      for (const run of running) run.cancel();
      fill();
    },
  };
}

function deferred<T>(): { promise: Promise<T>; resolve(value: T): void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The report of a case not started because an earlier one ran past its time limit. */
function skippedCase(testCase: LessonCase, timedOut: string): CaseReport {
  return {
    name: testCase.name,
    visible: testCase.visible,
    description: testCase.description,
    status: 'error',
    kind: 'skipped',
    message:
      `Not run: case \`${timedOut}\` ran past its time limit, so the cases after it were not ` +
      'started. Fix the loop that never ends, then Run again.',
    turns: [],
    console: [],
    consoleTruncated: false,
    durationMs: 0,
  };
}

/**
 * The report of a case that ended before its worker said anything: cancelled before it was
 * sent, or its host failed under it (a crashed sandbox, the error as if thrown).
 */
export function unrunCase(testCase: LessonCase, ended: SerializedError | 'cancelled'): CaseReport {
  return gradeCase(testCase, unrunRun(ended), { frames: () => [], text: (text) => text });
}

/** Every case's report when the code did not compile. */
function compileFailures(cases: readonly LessonCase[], errors: CompileError[]): CaseReport[] {
  const first = errors[0];
  const where = first && first.file ? `${first.file}:${first.line}:${first.column}: ` : '';
  return cases.map((testCase) => ({
    name: testCase.name,
    visible: testCase.visible,
    description: testCase.description,
    status: 'error',
    kind: 'compile',
    message: `Compile error: ${where}${first?.text ?? 'the code did not compile'}`,
    turns: [],
    console: [],
    consoleTruncated: false,
    durationMs: 0,
  }));
}

/** The run of a script that ended before its worker said anything: no events, no output. */
export function unrunRun(ended: SerializedError | 'cancelled'): CaseRun {
  return {
    outcome: ended === 'cancelled' ? { kind: 'cancelled' } : { kind: 'threw', error: ended },
    events: [],
    outputs: [],
    consoleTruncated: false,
    modelCalls: 0,
    durationMs: 0,
  };
}
