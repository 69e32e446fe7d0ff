import { gradeCase } from '../grade/grade-case.ts';
import type { CaseReport, LessonReport } from '../grade/report.ts';
import type { FileMap, Lesson } from '../lesson/types.ts';
import { createBundleCache } from './bundle-cache.ts';
import type { Bundler, GradingHost } from './host.ts';
import { runCase, type CaseRunHandle } from './run-case.ts';
import { createStackMapper } from './stack-map.ts';

/** One bundle cache per bundler instance: hosts build a host object per run, not per bundler. */
const caches = new WeakMap<Bundler, Bundler>();
/** The host's bundler behind its bundle cache (a live run shares the cache with grading). */
export function bundleFor(host: GradingHost): Bundler {
  let cache = caches.get(host.bundle);
  if (!cache) caches.set(host.bundle, (cache = createBundleCache(host.bundle)));
  return cache;
}

/**
 * Bundles the files ahead of a Run, so the Run finds the bundle made (or being made): a host
 * calls it when a lesson opens. A bundler's first real build is its slowest by far (esbuild-wasm
 * runs unoptimised code until the browser has compiled it fully), and this moves that build
 * off the learner's first press of Run.
 */
export function prepareBundle(host: GradingHost, lesson: Lesson, files: FileMap): void {
  void bundleFor(host)(lesson, files);
}

export interface GradingOptions {
  /** Per-case limit; the lesson's own when absent. */
  timeoutMs?: number;
  /** Called as each case finishes, before the whole report is ready. */
  onCase?: (report: CaseReport) => void;
  /** Only these cases, by name (the learner's "run this case"); every case when absent. */
  cases?: readonly string[];
}

export interface GradingHandle {
  result: Promise<LessonReport>;
  /** Stops every case still running; their reports say "cancelled". */
  cancel(): void;
}

/**
 * Grades the learner's files against every case of a lesson: one bundle, then each case
 * in its own fresh worker, all at once. The browser and the CLI both call this, so for
 * the same files they reach the same verdict.
 */
export function startGrading(
  host: GradingHost,
  lesson: Lesson,
  files: FileMap,
  options: GradingOptions = {},
): GradingHandle {
  const runs: CaseRunHandle[] = [];
  let cancelled = false;
  const result = (async (): Promise<LessonReport> => {
    const started = host.clock.now();
    const bundle = await bundleFor(host)(lesson, files);
    const bundleMs = host.clock.now() - started;
    const report = (cases: CaseReport[], compileErrors = bundle.ok ? [] : bundle.errors) =>
      ({
        lessonId: lesson.id,
        status: cases.length > 0 && cases.every((c) => c.status === 'pass') ? 'pass' : 'fail',
        compileErrors,
        cases,
        bundleMs,
        durationMs: host.clock.now() - started,
      }) satisfies LessonReport;
    const only = options.cases;
    const selected = only ? lesson.cases.filter((c) => only.includes(c.name)) : lesson.cases;
    if (!bundle.ok) return report(selected.map((c) => compileFailure(c, bundle.errors)));
    const mapStack = createStackMapper(bundle.sourceMap);
    const timeoutMs = options.timeoutMs ?? lesson.timeoutMs;
    const cases = await Promise.all(
      selected.map(async (testCase) => {
        const handle = runCase(host.spawn, host.clock, bundle.script, testCase, timeoutMs);
        runs.push(handle);
        if (cancelled) handle.cancel();
        const graded = gradeCase(testCase, await handle.result, mapStack);
        options.onCase?.(graded);
        return graded;
      }),
    );
    return report(cases);
  })();
  return {
    result,
    cancel() {
      cancelled = true;
      for (const run of runs) run.cancel();
    },
  };
}

function compileFailure(
  testCase: Lesson['cases'][number],
  errors: { file: string; line: number; column: number; text: string }[],
): CaseReport {
  const first = errors[0];
  const where = first && first.file ? `${first.file}:${first.line}:${first.column}: ` : '';
  return {
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
  };
}
