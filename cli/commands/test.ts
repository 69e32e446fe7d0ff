import { existsSync, watch } from 'node:fs';
import { join } from 'node:path';
import {
  startGrading,
  type Course,
  type GradingHost,
  type LessonReport,
} from '../../core/index.ts';
import { createNodeHost, prepareWorkers, readTree } from '../node-host.ts';
import { formatReport, toJson } from '../print-report.ts';

export interface TestOptions {
  dir: string;
  stages: string[];
  json: boolean;
  watch: boolean;
  timeoutMs?: number;
}

/** Grades the course directory's `src/` against each stage; resolves to the exit code. */
export async function runTests(course: Course, options: TestOptions): Promise<number> {
  const srcDir = join(options.dir, 'src');
  if (!existsSync(srcDir)) {
    process.stderr.write(
      `No src/ folder in ${options.dir}. Run \`theinference init\` to make a course directory.\n`,
    );
    return 2;
  }
  const host = createNodeHost();
  const once = () => gradeStages(host, course, options);
  if (!options.watch) return once();
  await once();
  let timer: NodeJS.Timeout | undefined;
  watch(srcDir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      process.stdout.write('\x1bc');
      void once().then(() =>
        process.stdout.write('\nWatching src/ for changes (Ctrl+C to stop)…\n'),
      );
    }, 120);
  });
  process.stdout.write('\nWatching src/ for changes (Ctrl+C to stop)…\n');
  return new Promise<number>(() => {});
}

async function gradeStages(host: GradingHost, course: Course, options: TestOptions) {
  const files = readTree(
    join(options.dir),
    (path) => path.startsWith('src/') && path.endsWith('.ts'),
  );
  const reports: LessonReport[] = [];
  const lessons = options.stages.flatMap((id) => course.lessons.filter((l) => l.id === id));
  for (const lesson of lessons) {
    // This lesson's workers start now, while it bundles. (Starting the next lesson's too, while
    // this one runs, measured slower on two cores: they compete with the cases running.)
    prepareWorkers(lesson.cases.length);
    const timeout = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs };
    const report = await startGrading(host, lesson, files, timeout).result;
    reports.push(report);
    if (!options.json) process.stdout.write(`${formatReport(report, lesson.title)}\n\n`);
  }
  // Watching: fresh workers for the first stage wait for the next change.
  if (options.watch) prepareWorkers(lessons[0]?.cases.length ?? 0);
  if (options.json) process.stdout.write(`${JSON.stringify(toJson(reports), null, 2)}\n`);
  return reports.every((r) => r.status === 'pass') ? 0 : 1;
}
