import type { Course, Lesson } from '../../core/index.ts';
import type { CourseState } from '../course-state.ts';
import type { NodeHost } from '../node-host.ts';
import { formatReport } from '../print-report.ts';
import { readCourseSources } from '../read-sources.ts';
import { style } from '../style.ts';
import { formatMissingExports, stageCommand } from './stage.ts';
import { gradeLesson, srcProblem } from './test.ts';

/**
 * `theinference next`: grades the current stage, and once it passes, brings the course
 * directory to the next one (as `theinference stage` does) and says what that stage is about.
 */
export async function nextStage(
  host: NodeHost,
  course: Course,
  state: CourseState,
  dir: string,
  timeoutMs: number | undefined,
): Promise<number> {
  const problem = srcProblem(dir);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    return 2;
  }
  const current = course.lessons.find((l) => l.id === state.stage) as Lesson;
  const sources = readCourseSources(dir);
  const report = await gradeLesson(host, current, sources, timeoutMs);
  host.close();
  if (report.status !== 'pass') {
    const missing = formatMissingExports(current, sources.files, report, true);
    process.stdout.write(`${missing ?? formatReport(report, current.title)}\n\n`);
    process.stdout.write(
      `${style.red('Not yet:')} ${current.id} does not pass. \`theinference next\` moves on once it does.\n`,
    );
    return 1;
  }
  const following = course.lessons[current.index + 1];
  process.stdout.write(`${style.green('PASS')} ${current.id}: every case passes.\n\n`);
  if (!following) {
    process.stdout.write('That was the last stage: you have built the whole agent loop.\n');
    return 0;
  }
  return stageCommand(course, following, dir, [...new Set([...state.passed, current.id])]);
}
