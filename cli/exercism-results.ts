import {
  describeDiffEntry,
  missingExports,
  type CaseReport,
  type LessonReport,
} from '../core/index.ts';

/**
 * Results in Exercism's test-runner interface, version 3 (exercism/docs,
 * building/tooling/test-runners/interface.md): what graders and dashboards read.
 */
export interface ExercismResults {
  version: 3;
  /** pass: every test passed; fail: one failed; error: the tests did not run (a compile error). */
  status: 'pass' | 'fail' | 'error';
  /** Why the tests did not run, when `status` is error; else null. */
  message: string | null;
  /** In the order the stages, and each stage's cases, are graded. */
  tests: ExercismTest[];
}

export interface ExercismTest {
  /** The case's name, after its stage's when more than one stage is graded. */
  name: string;
  status: 'pass' | 'fail' | 'error';
  /** What went wrong, for a case that did not pass; else null. */
  message: string | null;
  /** What the learner's code logged, at most `MAX_OUTPUT` characters; null when nothing. */
  output: string | null;
  /** What the case checks: its description. */
  test_code: string;
  /** The number of the one rule of the task (rules.json, from 1) that the case is for. */
  task_id?: number;
}

/** The interface's bound on a test's output. */
export const MAX_OUTPUT = 500;
const TRUNCATED = '\n… Output was truncated. Please limit to 500 chars';
/** Differences listed in a failing test's message, as the terminal lists them. */
const DIFF_LINES = 10;

/** Case name → rule number, per stage: the cases that one rule alone names. */
export type TaskIds = ReadonlyMap<string, ReadonlyMap<string, number>>;

export interface ExercismOptions {
  /** Stages that no longer apply at the learner's stage: left out, they do not count. */
  superseded?: ReadonlySet<string>;
  taskIds?: TaskIds;
}

/**
 * Every stage's compile errors, one a line, each after its stage's id; an export the stage's
 * tests import and the learner's file lacks is said so, as the terminal says it.
 */
function compileMessage(reports: LessonReport[]): string | null {
  const lines = reports.flatMap((r) => {
    const missing = missingExports(r.compileErrors).map(
      ({ path, names }) =>
        `${r.lessonId}: ${path} does not export ${names.join(', ')}, which the stage's tests call.`,
    );
    if (missing.length > 0) return missing;
    return r.compileErrors.map((e) => `${r.lessonId}: ${e.file}:${e.line}:${e.column}: ${e.text}`);
  });
  return lines.length > 0 ? lines.join('\n') : null;
}

function caseMessage(report: CaseReport): string | null {
  if (report.status === 'pass') return null;
  const frames = (report.frames ?? []).map(
    (f) => `  at ${f.functionName ? `${f.functionName} ` : ''}${f.file}:${f.line}:${f.column}`,
  );
  const diff = (report.diff ?? []).slice(0, DIFF_LINES).map(describeDiffEntry);
  const more = (report.diffCount ?? report.diff?.length ?? 0) - diff.length;
  return [report.message, ...frames, ...diff, ...(more > 0 ? [`… and ${more} more`] : [])].join(
    '\n',
  );
}

function caseOutput(report: CaseReport): string | null {
  const text = report.console.map((line) => line.text).join('\n');
  if (text === '') return null;
  return text.length > MAX_OUTPUT
    ? `${text.slice(0, MAX_OUTPUT - TRUNCATED.length)}${TRUNCATED}`
    : text;
}

/** The graded stages as one Exercism v3 results file. */
export function toExercismResults(
  reports: LessonReport[],
  { superseded = new Set(), taskIds }: ExercismOptions = {},
): ExercismResults {
  const counted = reports.filter((r) => !superseded.has(r.lessonId));
  const several = counted.length > 1;
  const tests = counted.flatMap((r) =>
    r.cases.map((c): ExercismTest => {
      const taskId = taskIds?.get(r.lessonId)?.get(c.name);
      return {
        name: several ? `${r.lessonId}: ${c.name}` : c.name,
        status: c.status,
        message: caseMessage(c),
        output: caseOutput(c),
        test_code: c.description,
        ...(taskId === undefined ? {} : { task_id: taskId }),
      };
    }),
  );
  const message = compileMessage(counted);
  const status = message ? 'error' : counted.every((r) => r.status === 'pass') ? 'pass' : 'fail';
  return { version: 3, status, message, tests };
}
