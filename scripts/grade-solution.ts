import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { z } from 'zod';
import {
  gradeCase,
  sealCourse,
  startGrading,
  type CaseReport,
  type LessonReport,
  type VerdictKind,
} from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost, FIXTURES_DIR } from '../cli/node-host.ts';

/**
 * Grades learner solutions the grader has never seen (`fixtures/<lesson>/solutions/<name>.ts`,
 * each a whole entry file) with the CLI's host, for the lesson catalogue's tests.
 */
const loaded = loadPackagedCourse(undefined, { sealed: false });
if ('error' in loaded) throw new Error(loaded.error);
const { course } = loaded;
const host = createNodeHost();

function solutionsDir(lessonId: string): string {
  return `${FIXTURES_DIR}/${lessonId}/solutions`;
}

/** The course as learners get it (hidden cases sealed), to grade each run that way too. */
const sealed = sealCourse(course);

export interface GradedSolution {
  report: LessonReport;
  /** Each hidden case's report, graded from the same run against its sealed form. */
  sealedReports: CaseReport[];
}

export async function gradeSolution(lessonId: string, solution: string): Promise<GradedSolution> {
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
  /** A phrase one of the case's console lines must contain. */
  console: z.string().min(1).optional(),
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

/** A hidden case's report as the learner reads it: the same whether sealed or not. */
function learnerView(report: CaseReport) {
  return { ...report, durationMs: 0, turns: report.turns.map((t) => ({ ...t, durationMs: 0 })) };
}

function expectSameSealed({ report, sealedReports }: GradedSolution): void {
  // Code that does not compile never runs: there is nothing to grade either way.
  const hidden = report.compileErrors.length > 0 ? [] : report.cases.filter((c) => !c.visible);
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
    const graded = await gradeSolution(lessonId, solution);
    const { report } = graded;
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual(
      report.cases.map((c) => [c.name, 'pass', 'Output matches.']),
    );
    expectSameSealed(graded);
  });
  it.each(catalogue.wrong)('$solution fails $case with $kind', async (mistake) => {
    const graded = await gradeSolution(lessonId, mistake.solution);
    const { report } = graded;
    expect(report.status).toBe('fail');
    const found = report.cases.find((c) => c.name === mistake.case);
    const says = found?.message.includes(mistake.says) ? mistake.says : found?.message;
    expect({ kind: found?.kind, says }).toEqual({ kind: mistake.kind, says: mistake.says });
    if (mistake.console) {
      const lines = found?.console.map((line) => line.text) ?? [];
      const has = lines.some((line) => line.includes(mistake.console!));
      expect(has, `no console line has "${mistake.console}":\n${lines.join('\n')}`).toBe(true);
    }
    expectSameSealed(graded);
  });
}
