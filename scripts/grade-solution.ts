import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { startGrading, type LessonReport, type VerdictKind } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost, FIXTURES_DIR } from '../cli/node-host.ts';

/**
 * Grades learner solutions the grader has never seen (`fixtures/<lesson>/solutions/<name>.ts`,
 * each a whole entry file) with the CLI's host, for the lesson catalogue's tests.
 */
const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const { course } = loaded;
const host = createNodeHost();

function solutionsDir(lessonId: string): string {
  return `${FIXTURES_DIR}/${lessonId}/solutions`;
}

export function gradeSolution(lessonId: string, solution: string): Promise<LessonReport> {
  const lesson = course.lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new Error(`no lesson ${lessonId}`);
  const text = readFileSync(`${solutionsDir(lessonId)}/${solution}.ts`, 'utf8');
  const files = { ...lesson.starter, [lesson.entry]: text };
  // Long enough that a loaded machine never turns a verdict into a timeout; the busy-loop case waits it out.
  return startGrading(host, lesson, files, { timeoutMs: 4000 }).result;
}

const verdictKinds = [
  'compile',
  'runtime',
  'timeout',
  'api',
  'cassette',
  'no-output',
  'extra-output',
  'diff',
  'unconsumed',
] as const satisfies readonly VerdictKind[];

/** A typical mistake, and how the grader must name it. */
const mistakeSchema = z.strictObject({
  /** The file's name in the lesson's `solutions/`, without `.ts`. */
  solution: z.string(),
  /** The case whose verdict names the mistake. */
  case: z.string(),
  kind: z.enum(verdictKinds),
  /** A phrase the verdict's message must contain. */
  says: z.string().min(1),
});

/** `fixtures/<lesson>/solutions/solutions.json`: which solutions are correct, and how each wrong one fails. */
const catalogueSchema = z.strictObject({
  correct: z.array(z.string()).min(1),
  wrong: z.array(mistakeSchema).min(1),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

/** The lessons that have a catalogue, with it read and checked. */
export function readCatalogues(): { lessonId: string; catalogue: Catalogue; files: string[] }[] {
  return course.lessons
    .filter((lesson) => existsSync(`${solutionsDir(lesson.id)}/solutions.json`))
    .map((lesson) => {
      const dir = solutionsDir(lesson.id);
      const json: unknown = JSON.parse(readFileSync(`${dir}/solutions.json`, 'utf8'));
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .map((f) => f.slice(0, -3));
      return { lessonId: lesson.id, catalogue: catalogueSchema.parse(json), files };
    });
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
    const graded = report.cases.find((c) => c.name === mistake.case);
    const says = graded?.message.includes(mistake.says) ? mistake.says : graded?.message;
    expect({ kind: graded?.kind, says }).toEqual({ kind: mistake.kind, says: mistake.says });
  });
}
