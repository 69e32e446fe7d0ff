import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { startGrading, type LessonReport, type VerdictKind } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';

/**
 * Grades learner solutions the grader has never seen (`scripts/solutions/<lesson>/<name>.ts`,
 * each a whole `src/loop.ts`) with the CLI's host, for the per-lesson solution tests.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const { course } = loaded;
const host = createNodeHost();

export function gradeSolution(lessonId: string, solution: string): Promise<LessonReport> {
  const lesson = course.lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new Error(`no lesson ${lessonId}`);
  const path = new URL(`./solutions/${lessonId}/${solution}.ts`, import.meta.url);
  const files = { ...lesson.starter, [lesson.entry]: readFileSync(path, 'utf8') };
  // Long enough that a loaded machine never turns a verdict into a timeout; the busy-loop case waits it out.
  return startGrading(host, lesson, files, { timeoutMs: 4000 }).result;
}

/** A typical mistake, and how the grader must name it. */
export interface Mistake {
  solution: string;
  /** The case whose verdict names the mistake. */
  caseName: string;
  kind: VerdictKind;
  /** A phrase the verdict's message must contain. */
  says: string;
}

/** Declares the tests: every correct solution passes every case; every mistake is named. */
export function checkSolutions(lessonId: string, correct: string[], mistakes: Mistake[]): void {
  it.each(correct)('%s passes every case', async (solution) => {
    const report = await gradeSolution(lessonId, solution);
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual(
      report.cases.map((c) => [c.name, 'pass', 'Output matches.']),
    );
  });
  it.each(mistakes)('$solution fails $caseName with $kind', async (mistake) => {
    const report = await gradeSolution(lessonId, mistake.solution);
    expect(report.status).toBe('fail');
    const graded = report.cases.find((c) => c.name === mistake.caseName);
    const says = graded?.message.includes(mistake.says) ? mistake.says : graded?.message;
    expect({ kind: graded?.kind, says }).toEqual({ kind: mistake.kind, says: mistake.says });
  });
}
