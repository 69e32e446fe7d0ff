import { parseArgs } from 'node:util';
import { initCourseDir } from './commands/init.ts';
import { listLessons } from './commands/lessons.ts';
import { printShareLink } from './commands/link.ts';
import { runTests } from './commands/test.ts';
import { loadPackagedCourse } from './load.ts';

const DEFAULT_BASE = 'http://localhost:5173/';

const USAGE = `Usage: theinference <command> [options]

Commands:
  init [dir]                 make a course directory (src/ and a README)
  lessons                    list the stages
  test --stage <id>          grade the course directory's files against one stage
  test --all                 grade every stage
  link --stage <id>          print a link that opens the stage in the playground with your files

Options for link:
  --dir <path>      the course directory (default: the current directory)
  --base <url>      the playground's address (default: ${DEFAULT_BASE})

Options for test:
  --dir <path>      the course directory (default: the current directory)
  --watch           grade again on every save
  --json            print machine-readable results
  --timeout <ms>    time limit per case (default: the lesson's, 5000)
`;

function usage(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}`);
  return 2;
}

/** Runs the CLI; resolves to the process exit code (0 pass, 1 fail, 2 usage error). */
export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        stage: { type: 'string' },
        all: { type: 'boolean', default: false },
        dir: { type: 'string', default: '.' },
        watch: { type: 'boolean', default: false },
        json: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        base: { type: 'string', default: DEFAULT_BASE },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return usage((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!command) return usage('No command given.');
  // Grading one stage reads and checks that lesson alone; an unknown stage falls through to
  // the whole course, whose stages the usage message lists.
  const stage = command === 'test' && !values.all ? values.stage : undefined;
  const one = stage === undefined ? undefined : loadPackagedCourse(stage);
  const loaded =
    one && ('error' in one || one.course.lessons.length > 0) ? one : loadPackagedCourse();
  if ('error' in loaded) {
    process.stderr.write(`${loaded.error}\n`);
    return 2;
  }
  const { course } = loaded;
  switch (command) {
    case 'lessons':
      process.stdout.write(`${listLessons(course)}\n`);
      return 0;
    case 'init':
      return initCourseDir(course, rest[0] ?? '.');
    case 'test': {
      const ids = course.lessons.map((l) => l.id);
      if (values.all === Boolean(values.stage))
        return usage('test needs exactly one of --stage <id> or --all.');
      if (values.stage && !ids.includes(values.stage)) {
        return usage(`Unknown stage "${values.stage}". The stages are: ${ids.join(', ')}.`);
      }
      const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
      if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
        return usage('--timeout takes a whole number of milliseconds.');
      }
      return runTests(course, {
        dir: values.dir,
        stages: values.stage ? [values.stage] : ids,
        json: values.json,
        watch: values.watch,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
      });
    }
    case 'link': {
      const lesson = course.lessons.find((l) => l.id === values.stage);
      if (!lesson)
        return usage(
          `link needs --stage <id>: one of ${course.lessons.map((l) => l.id).join(', ')}.`,
        );
      return printShareLink(lesson, values.dir, values.base);
    }
    default:
      return usage(`Unknown command "${command}".`);
  }
}
