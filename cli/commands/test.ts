import { lstatSync, watch } from 'node:fs';
import { join } from 'node:path';
import { startGrading, type Course, type Lesson, type LessonReport } from '../../core/index.ts';
import { readCourseState, writeCourseState } from '../course-state.ts';
import type { NodeHost } from '../node-host.ts';
import { formatReport, formatSummaryLine, formatSuperseded, toJson } from '../print-report.ts';
import { readCourseSources, type CourseSources } from '../read-sources.ts';
import { writeResultFiles, type ResultFiles } from '../results-files.ts';
import { style } from '../style.ts';
import { formatMissingExports } from './stage.ts';
import { terminalJson, terminalLine } from '../terminal-text.ts';
import { regradeMark, WATCHING_LINE } from '../watch-output.ts';

export interface TestOptions extends ResultFiles {
  dir: string;
  /** The stages to grade, in course order. */
  stages: string[];
  /** The learner's current stage, when grading up to it: its report is always shown in full. */
  current?: string;
  /** Every stage of the course, in order, when the whole course is loaded. */
  ids?: readonly string[];
  json: boolean;
  watch: boolean;
  timeoutMs?: number;
}

/** Why a course directory cannot be graded, or undefined when its src/ is a real folder. */
export function srcProblem(dir: string): string | undefined {
  const fix = 'Run `theinference init` to make a course directory.';
  try {
    if (lstatSync(join(dir, 'src')).isDirectory()) return;
    return `${terminalLine(join(dir, 'src'))} is not a folder (the CLI reads only a real src/ folder, never a link). ${fix}`;
  } catch {
    return `No src/ folder in ${terminalLine(dir)}. ${fix}`;
  }
}

/** Grades the course directory's `src/` against each stage; resolves to the exit code. */
export async function runTests(host: NodeHost, course: Course, options: TestOptions) {
  const problem = srcProblem(options.dir);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    return 2;
  }
  const once = () => gradeStages(host, course, options);
  if (!options.watch) return once();
  await once();
  let timer: NodeJS.Timeout | undefined;
  watch(join(options.dir, 'src'), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      process.stdout.write(regradeMark(process.stdout.isTTY));
      void once().then(() => process.stdout.write(WATCHING_LINE));
    }, 120);
  });
  process.stdout.write(WATCHING_LINE);
  return new Promise<number>(() => {});
}

/** Grades every stage asked for, prints the reports and records which passed. */
async function gradeStages(host: NodeHost, course: Course, options: TestOptions): Promise<number> {
  const sources = readCourseSources(options.dir);
  if (!options.json) printSkipped(sources);
  const lessons = options.stages.flatMap((id) => course.lessons.filter((l) => l.id === id));
  const current = course.lessons.find((l) => l.id === options.current);
  const reports: LessonReport[] = [];
  /** Earlier stages the current stage's own solution fails too: the course has moved on. */
  const superseded = new Set<string>();
  for (const lesson of lessons) {
    const report = await gradeLesson(host, lesson, sources, options.timeoutMs);
    const earlier = current && lesson.id !== current.id;
    if (earlier && report.status !== 'pass' && !(await stillApplies(host, lesson, current))) {
      superseded.add(lesson.id);
    }
    reports.push(report);
    if (options.json) continue;
    if (superseded.has(lesson.id)) {
      process.stdout.write(`${formatSuperseded(lesson.id, current?.id ?? '')}\n`);
      continue;
    }
    // Earlier stages that still pass take a line each; the stage being worked on, and any
    // stage that fails, show every case turn by turn.
    const brief = report.status === 'pass' && earlier;
    const missing = formatMissingExports(lesson, sources.files, report, !earlier);
    process.stdout.write(
      missing
        ? `${missing}\n\n`
        : brief
          ? `${formatSummaryLine(report)}\n`
          : `${formatReport(report, lesson.title)}\n\n`,
    );
  }
  const graded = reports.filter((r) => !superseded.has(r.lessonId));
  if (options.watch) host.prepare(lessons[0]?.cases.length ?? 0);
  else host.close();
  recordPassed(options.dir, graded, options.ids);
  const problem = writeResultFiles(course, reports, superseded, options);
  if (problem) process.stderr.write(`${problem}\n`);
  if (options.json) {
    process.stdout.write(`${terminalJson(toJson(reports, sources.skipped, superseded))}\n`);
  } else if (options.current) {
    process.stdout.write(`${verdictLine(graded, options.current)}\n`);
  }
  if (problem) return 2;
  return graded.every((r) => r.status === 'pass') ? 0 : 1;
}

/**
 * Whether an earlier stage still applies at the current one: its cases pass with the current
 * stage's own solution. (From tool-registry on, for one, the loop takes a registry where the
 * earlier stages hand it a function.) Asked only of a stage the learner's code fails.
 */
async function stillApplies(host: NodeHost, earlier: Lesson, current: Lesson): Promise<boolean> {
  host.prepare(earlier.cases.length);
  const check = await startGrading(host, earlier, current.reference).result;
  return check.status === 'pass';
}

/** Grades one stage: its workers start while it bundles. */
export function gradeLesson(
  host: NodeHost,
  lesson: Lesson,
  sources: CourseSources,
  timeoutMs: number | undefined,
): Promise<LessonReport> {
  // (Starting the next stage's workers too, while this one runs, measured slower on two
  // cores: they compete with the cases running.)
  host.prepare(lesson.cases.length);
  const timeout = timeoutMs === undefined ? {} : { timeoutMs };
  return startGrading(host, lesson, sources.files, timeout).result;
}

function printSkipped(sources: CourseSources): void {
  for (const { path, reason } of sources.skipped) {
    process.stderr.write(`${style.yellow('skipped')} ${terminalLine(path)}: ${reason}\n`);
  }
}

/** What the learner does next, after grading up to their current stage. */
function verdictLine(reports: LessonReport[], current: string): string {
  const broken = reports.filter((r) => r.status !== 'pass' && r.lessonId !== current);
  const now = reports.find((r) => r.lessonId === current);
  if (broken.length > 0) {
    const ids = broken.map((r) => r.lessonId).join(', ');
    return `${style.red('An earlier stage fails now:')} ${ids}. Your changes broke what it checks.`;
  }
  if (now?.status === 'pass') {
    return `${style.green('Stage passed.')} Move on with ${style.bold('theinference next')}.`;
  }
  return `Not passing yet. Read the task again with ${style.bold('theinference task')}.`;
}

/** The course directory remembers which stages passed, if it remembers anything. */
function recordPassed(dir: string, reports: LessonReport[], ids?: readonly string[]): void {
  const read = readCourseState(dir, ids);
  if (!read.ok) return;
  const passed = new Set(read.state.passed);
  for (const report of reports) {
    if (report.status === 'pass') passed.add(report.lessonId);
    else passed.delete(report.lessonId);
  }
  const next = ids ? ids.filter((id) => passed.has(id)) : [...passed];
  if (next.join() !== read.state.passed.join()) {
    writeCourseState(dir, { ...read.state, passed: next });
  }
}
