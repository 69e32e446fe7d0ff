import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { startGrading, type LessonReport } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';
import { readCatalogue, solutionsDir, type Catalogue } from './catalogue.ts';

/**
 * Grades learner solutions the grader has never seen (`fixtures/<lesson>/solutions/<name>.ts`,
 * each a whole entry file) with the CLI's host, for the lesson catalogue's tests.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const { course } = loaded;
const host = createNodeHost();

const graded = new Map<string, Promise<LessonReport>>();

/** Grades a solution once however many of the catalogue's entries name it. */
export function gradeSolution(lessonId: string, solution: string): Promise<LessonReport> {
  const key = `${lessonId}/${solution}`;
  let report = graded.get(key);
  if (!report) graded.set(key, (report = grade(lessonId, solution)));
  return report;
}

function grade(lessonId: string, solution: string): Promise<LessonReport> {
  const lesson = course.lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new Error(`no lesson ${lessonId}`);
  const text = readFileSync(`${solutionsDir(lessonId)}/${solution}.ts`, 'utf8');
  const files = { ...lesson.starter, [lesson.entry]: text };
  // Long enough that a loaded machine never turns a verdict into a timeout; the busy-loop case waits it out.
  return startGrading(host, lesson, files, { timeoutMs: 4000 }).result;
}

/** Every lesson with its catalogue, read and checked; `undefined` where a lesson has none. */
export function readCatalogues(): {
  lessonId: string;
  read: { catalogue: Catalogue; files: string[] } | undefined;
}[] {
  return course.lessons.map((lesson) => ({ lessonId: lesson.id, read: readCatalogue(lesson.id) }));
}

/** Declares the tests: every correct solution passes every case; every mistake is named. */
export function checkSolutions(lessonId: string, catalogue: Catalogue): void {
  it.each(catalogue.correct)('%s passes every case', async (solution) => {
    const report = await gradeSolution(lessonId, solution);
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual(
      report.cases.map((c) => [c.name, 'pass', 'Output matches.']),
    );
  });
  it.each(catalogue.wrong)('$solution fails $case with $kind', async (mistake) => {
    const report = await gradeSolution(lessonId, mistake.solution);
    expect(report.status).toBe('fail');
    const named = report.cases.find((c) => c.name === mistake.case);
    const says = named?.message.includes(mistake.says) ? mistake.says : named?.message;
    expect({ kind: named?.kind, says }).toEqual({ kind: mistake.kind, says: mistake.says });
  });
}
