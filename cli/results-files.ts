import { appendFileSync, writeFileSync } from 'node:fs';
import type { Course, LessonReport } from '../core/index.ts';
import { toExercismResults } from './exercism-results.ts';
import { formatJobSummary, summaryStages } from './job-summary.ts';
import { readTaskIds } from './task-ids.ts';
import { terminalLine } from './terminal-text.ts';

export interface ResultFiles {
  /** `--results <file>`: the Exercism v3 results, written over. */
  results?: string | undefined;
  /** `--summary <file>`: the markdown job summary, appended (as `$GITHUB_STEP_SUMMARY` wants). */
  summary?: string | undefined;
}

/** Writes the files asked for; returns why one could not be written, if one could not. */
export function writeResultFiles(
  course: Course,
  reports: LessonReport[],
  superseded: ReadonlySet<string>,
  files: ResultFiles,
): string | undefined {
  if (!files.results && !files.summary) return;
  const results = toExercismResults(reports, { superseded, taskIds: readTaskIds() });
  const write = (path: string, what: string, act: () => void) => {
    try {
      act();
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return `The ${what} could not be written to ${terminalLine(path)} (${code}).`;
    }
  };
  const { results: resultsPath, summary } = files;
  const problem = resultsPath
    ? write(resultsPath, 'results', () =>
        writeFileSync(resultsPath, `${JSON.stringify(results, null, 2)}\n`),
      )
    : undefined;
  if (problem || !summary) return problem;
  const stages = summaryStages(
    results,
    reports.map((r) => ({
      id: r.lessonId,
      applies: !superseded.has(r.lessonId),
      status: r.status,
      cases: r.cases.map((c) => c.name),
    })),
  );
  return write(summary, 'job summary', () =>
    appendFileSync(summary, formatJobSummary(course, results, stages)),
  );
}
