import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Course } from '../../core/index.ts';
import { toExercismResults, type ExercismResults } from '../exercism-results.ts';
import type { NodeHost } from '../node-host.ts';
import { readCourseSources } from '../read-sources.ts';
import { readTaskIds } from '../task-ids.ts';
import { terminalLine } from '../terminal-text.ts';
import { gradeLesson, srcProblem } from './test.ts';

/**
 * `theinference test-runner <slug> <input_dir> <output_dir>`: Exercism's run.sh contract
 * (exercism/docs, building/tooling/test-runners/interface.md). The slug names the stage;
 * input_dir holds the solution as a course directory does (`src/...`) and is only read;
 * output_dir/results.json gets the results. Exits 0 whatever the verdict, and 1 only when
 * results.json could not be written.
 */
export async function runTestRunner(
  host: NodeHost,
  course: Course,
  slug: string,
  input: string,
  output: string,
): Promise<number> {
  const lesson = course.lessons.find((l) => l.id === slug);
  const ids = course.lessons.map((l) => l.id).join(', ');
  const problem = lesson
    ? srcProblem(input)
    : `Unknown exercise "${slug}". The stages are: ${ids}.`;
  let results: ExercismResults;
  if (problem || !lesson) {
    results = { version: 3, status: 'error', message: problem ?? '', tests: [] };
  } else {
    const report = await gradeLesson(host, lesson, readCourseSources(input), undefined);
    results = toExercismResults([report], { taskIds: readTaskIds() });
  }
  host.close();
  const path = join(output, 'results.json');
  try {
    mkdirSync(output, { recursive: true });
    writeFileSync(path, `${JSON.stringify(results, null, 2)}\n`);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    process.stderr.write(`${terminalLine(path)} could not be written (${code}).\n`);
    return 1;
  }
  process.stdout.write(`${terminalLine(path)}: ${results.status}\n`);
  return 0;
}
