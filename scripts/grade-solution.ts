import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import {
  gradeCase,
  sealCourse,
  startGrading,
  type CaseReport,
  type LessonReport,
} from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';
import { readCatalogue, solutionsDir, type Catalogue } from './catalogue.ts';

/**
 * Grades learner solutions the grader has never seen (`fixtures/<lesson>/solutions/<name>.ts`,
 * each a whole entry file) with the CLI's host, for the lesson catalogue's tests.
 */
const loaded = loadPackagedCourse(undefined, { sealed: false });
if ('error' in loaded) throw new Error(loaded.error);
const { course } = loaded;
const host = createNodeHost();

/** The course as learners get it (hidden cases sealed), to grade each run that way too. */
const sealed = sealCourse(course);

export interface GradedSolution {
  report: LessonReport;
  /** Each hidden case's report, graded from the same run against its sealed form. */
  sealedReports: CaseReport[];
}

const graded = new Map<string, Promise<GradedSolution>>();

/** Grades a solution once however many of the catalogue's entries (or tests) name it. */
function gradeOnce(lessonId: string, solution: string): Promise<GradedSolution> {
  const key = `${lessonId}/${solution}`;
  let result = graded.get(key);
  if (!result) graded.set(key, (result = grade(lessonId, solution)));
  return result;
}

/** The report a solution gets, graded by the expected values. */
export async function gradeSolution(lessonId: string, solution: string): Promise<LessonReport> {
  return (await gradeOnce(lessonId, solution)).report;
}

async function grade(lessonId: string, solution: string): Promise<GradedSolution> {
  const lesson = course.lessons.find((l) => l.id === lessonId);
  const sealedLesson = sealed.lessons.find((l) => l.id === lessonId);
  if (!lesson || !sealedLesson) throw new Error(`no lesson ${lessonId}`);
  const text = readFileSync(`${solutionsDir(lessonId)}/${solution}.ts`, 'utf8');
  const files = { ...lesson.starter, [lesson.entry]: text };
  const sealedReports: CaseReport[] = [];
  const report = await startGrading(host, lesson, files, {
    // Long enough that a loaded machine never turns a verdict into a timeout; the busy-loop case waits it out.
    timeoutMs: 4000,
    onRun(testCase, run, stacks) {
      const sealedCase = sealedLesson.cases.find((c) => c.name === testCase.name);
      if (sealedCase?.sealed) sealedReports.push(gradeCase(sealedCase, run, stacks));
    },
  }).result;
  return { report, sealedReports };
}

/** Every lesson with its catalogue, read and checked; `undefined` where a lesson has none. */
export function readCatalogues(): {
  lessonId: string;
  read: { catalogue: Catalogue; files: string[] } | undefined;
}[] {
  return course.lessons.map((lesson) => ({ lessonId: lesson.id, read: readCatalogue(lesson.id) }));
}

/** A hidden case's report as the learner reads it: the same whether sealed or not. */
function learnerView(report: CaseReport) {
  return { ...report, durationMs: 0, turns: report.turns.map((t) => ({ ...t, durationMs: 0 })) };
}

function expectSameSealed({ report, sealedReports }: GradedSolution): void {
  // Code that does not compile never runs, and a case skipped after a timeout never starts:
  // there is nothing to grade either way.
  const ran =
    report.compileErrors.length > 0 ? [] : report.cases.filter((c) => c.kind !== 'skipped');
  const hidden = ran.filter((c) => !c.visible);
  expect(sealedReports.map((c) => c.name).sort()).toEqual(hidden.map((c) => c.name).sort());
  for (const sealedReport of sealedReports) {
    const open = hidden.find((c) => c.name === sealedReport.name)!;
    expect(learnerView(sealedReport)).toEqual(learnerView(open));
  }
}

/**
 * Declares the tests: every correct solution passes every case; every mistake is named; and
 * every hidden case grades each run to the same report sealed (as learners get it) or not.
 */
export function checkSolutions(lessonId: string, catalogue: Catalogue): void {
  it.each(catalogue.correct)('%s passes every case', async (solution) => {
    const graded = await gradeOnce(lessonId, solution);
    const { report } = graded;
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual(
      report.cases.map((c) => [c.name, 'pass', 'Output matches.']),
    );
    expectSameSealed(graded);
  });
  it.each(catalogue.wrong)('$solution fails $case with $kind', async (mistake) => {
    const graded = await gradeOnce(lessonId, mistake.solution);
    const { report } = graded;
    expect(report.status).toBe('fail');
    const named = report.cases.find((c) => c.name === mistake.case);
    const says = named?.message.includes(mistake.says) ? mistake.says : named?.message;
    expect({ kind: named?.kind, says }).toEqual({ kind: mistake.kind, says: mistake.says });
    if (mistake.console) {
      const lines = named?.console.map((line) => line.text) ?? [];
      const has = lines.some((line) => line.includes(mistake.console!));
      expect(has, `no console line has "${mistake.console}":\n${lines.join('\n')}`).toBe(true);
    }
    expectSameSealed(graded);
  });
}
