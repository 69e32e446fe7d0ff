import { parseArgs } from 'node:util';
import type { Course, Lesson } from '../core/index.ts';
import { addWorkflow } from './commands/ci.ts';
import { initCourseDir } from './commands/init.ts';
import { listLessons } from './commands/lessons.ts';
import { printShareLink } from './commands/link.ts';
import { nextStage } from './commands/next.ts';
import { LIVE_DEFAULTS } from './live/live-defaults.ts';
import { stageCommand } from './commands/stage.ts';
import { runTests } from './commands/test.ts';
import { readCourseState } from './course-state.ts';
import { loadPackagedCourse } from './load.ts';
import { createNodeHost, type NodeHost } from './node-host.ts';
import type { Sandbox } from './sandbox/host/sandbox-host.ts';
import { terminalLine } from './terminal-text.ts';

const DEFAULT_BASE = 'http://localhost:5173/';
/** `--timeout` bounds, in milliseconds: Node's timers take at most 2^31-1, lessons at most 60 s. */
const TIMEOUT_RANGE = { min: 1, max: 60_000 } as const;
/** A live run waits on the network: up to 10 minutes. */
const RUN_TIMEOUT_RANGE = { min: 1, max: 600_000 } as const;

const USAGE = `Usage: theinference <command> [options]

Commands:
  init [dir]          make a course directory at the first stage (default: here)
  task                print the current stage's lesson and task
  test                grade the current stage and every earlier one
  next                move on to the next stage, once the current one passes
  stage <id>          bring the course directory to a stage: adds its files, keeps yours
  lessons             list the stages, marking yours and the passed ones
  link                print a link that opens the stage in the playground with your files
  run "<question>"    run your code for the stage once, live against the API (ANTHROPIC_API_KEY)
  ci                  add the GitHub Actions workflow that grades every push (init writes it too)
  new-lesson <id>     course authors: scaffold a lesson in the course pack --dir (default: here)
  check <pack>        course authors: check a course pack, a folder, .json or .zip (exit 1 naming each problem)
  test-runner <slug> <input_dir> <output_dir>
                      Exercism's test runner: grade input_dir's src/ at stage <slug>, write
                      output_dir/results.json, exit 0 whatever the verdict

Options:
  --dir <path>        the course directory (default: the current directory)
  --stage <id>        test, task, link, run: that stage instead of yours (test grades it alone)
  --all               test: every stage
  --watch             test: grade again on every save
  --json              test: print machine-readable results
  --results <file>    test: write the results in Exercism's format (version 3) to <file>
  --summary <file>    test: append a markdown summary to <file> (GitHub's $GITHUB_STEP_SUMMARY)
  --force             ci: replace a workflow file that differs from the CLI's
  --timeout <ms>      test, next: time limit per case, ${TIMEOUT_RANGE.min} to ${TIMEOUT_RANGE.max} (default: the lesson's, 5000)
  --base <url>        link: the playground's address (default: ${DEFAULT_BASE})
  --model <name>      run: call this model (default: the one your code asks for)
  --max-turns <n>     run: stop before model call n+1 (default: ${LIVE_DEFAULTS.maxTurns})
  --max-tokens <n>    run: make no call that could pass n tokens, input and output (default: ${LIVE_DEFAULTS.maxTokens})
  --record <path>     run: save the session: a case folder, or a cassette if <path> ends in .json
  --cassette <path>   run: replay a recording (a cassette.json or a case folder), offline
  --case <name>       run: start from that visible case's project (default: the simplest)
  --timeout <ms>      run: time limit for the whole run, up to ${RUN_TIMEOUT_RANGE.max} (default: ${LIVE_DEFAULTS.timeoutMs})
`;

function usage(message: string): number {
  process.stderr.write(`${message}\n\n${USAGE}`);
  return 2;
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`);
  return 2;
}

/**
 * Runs the CLI; resolves to the process exit code (0 pass, 1 fail, 2 usage error). A command
 * that grades uses `sandbox` when the caller has started one (entry.ts does), else its own.
 */
export async function main(argv: string[], sandbox?: Sandbox): Promise<number> {
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
        results: { type: 'string' },
        summary: { type: 'string' },
        force: { type: 'boolean', default: false },
        timeout: { type: 'string' },
        base: { type: 'string', default: DEFAULT_BASE },
        model: { type: 'string' },
        'max-turns': { type: 'string' },
        'max-tokens': { type: 'string' },
        record: { type: 'string' },
        cassette: { type: 'string' },
        case: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return usage(terminalLine((error as Error).message));
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  if (values.help || command === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!command) return usage('No command given.');
  if (!COMMANDS.has(command)) return usage(`Unknown command "${terminalLine(command)}".`);
  if (command === 'test' && values.all && values.stage) {
    return usage('test takes --stage <id> or --all, not both.');
  }
  const range = command === 'run' ? RUN_TIMEOUT_RANGE : TIMEOUT_RANGE;
  const timeoutMs = values.timeout === undefined ? undefined : Number(values.timeout);
  if (
    timeoutMs !== undefined &&
    !(Number.isInteger(timeoutMs) && timeoutMs >= range.min && timeoutMs <= range.max)
  ) {
    return usage(
      `--timeout takes a whole number of milliseconds from ${range.min} to ${range.max} (${range.max / 1000} s).`,
    );
  }
  const limits = runLimits(values);
  if (typeof limits === 'string') return usage(limits);
  // Grading starts its sandbox process first, so that it starts while the course loads.
  const runs =
    command === 'test' ||
    command === 'next' ||
    command === 'run' ||
    command === 'test-runner' ||
    command === 'check';
  const host = runs ? createNodeHost(sandbox) : undefined;
  try {
    return await run(command, rest, { ...values, ...limits }, timeoutMs, host);
  } finally {
    if (!values.watch) host?.close();
  }
}

const COMMANDS = new Set([
  'init',
  'task',
  'test',
  'next',
  'stage',
  'lessons',
  'link',
  'run',
  'ci',
  'test-runner',
  'new-lesson',
  'check',
]);

interface Values {
  stage?: string | undefined;
  all: boolean;
  dir: string;
  watch: boolean;
  json: boolean;
  results?: string | undefined;
  summary?: string | undefined;
  force: boolean;
  base: string;
  model?: string | undefined;
  record?: string | undefined;
  cassette?: string | undefined;
  case?: string | undefined;
  maxTurns: number;
  maxTokens: number;
}

/** `--max-turns` and `--max-tokens`, checked, or what is wrong with them. */
function runLimits(values: { 'max-turns'?: string; 'max-tokens'?: string }) {
  const read = (flag: string, text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    return Number.isSafeInteger(n) && n >= 1 ? n : `${flag} takes a whole number, 1 or more.`;
  };
  const maxTurns = read('--max-turns', values['max-turns'], LIVE_DEFAULTS.maxTurns);
  const maxTokens = read('--max-tokens', values['max-tokens'], LIVE_DEFAULTS.maxTokens);
  if (typeof maxTurns === 'string') return maxTurns;
  if (typeof maxTokens === 'string') return maxTokens;
  return { maxTurns, maxTokens };
}

async function run(
  command: string,
  rest: string[],
  values: Values,
  timeoutMs: number | undefined,
  host: NodeHost | undefined,
): Promise<number> {
  // Grading one stage reads and checks that lesson alone; an unknown stage falls through to
  // the whole course, whose stages the message lists.
  const alone = command === 'test' || command === 'run';
  const stage = command === 'test-runner' ? rest[0] : alone ? values.stage : undefined;
  const only = stage ? loadPackagedCourse(stage) : undefined;
  const loaded =
    only && ('error' in only || only.course.lessons.length > 0) ? only : loadPackagedCourse();
  if ('error' in loaded) return fail(loaded.error);
  const { course } = loaded;
  const whole = loaded !== only;
  const ids = course.lessons.map((l) => l.id);
  const find = (id: string): Lesson | undefined => course.lessons.find((l) => l.id === id);
  const unknown = (id: string) =>
    usage(`Unknown stage "${terminalLine(id)}". The stages are: ${ids.join(', ')}.`);
  /** The stage a command is about: --stage's, else the course directory's current one. */
  const chosen = (): Lesson | number => {
    if (values.stage) return find(values.stage) ?? unknown(values.stage);
    const state = readCourseState(values.dir, ids);
    if (!state.ok) return fail(`${state.problem} Or name one with --stage <id>.`);
    return find(state.state.stage) as Lesson;
  };

  switch (command) {
    case 'init':
      return initCourseDir(course, rest[0] ?? '.');
    case 'ci':
      return addWorkflow(values.dir, values.force);
    case 'new-lesson': {
      if (!rest[0]) return usage('new-lesson needs a lesson id: a-z, 0-9 and -.');
      const { newLesson } = await import('./commands/new-lesson.ts');
      return newLesson(course, rest[0], values.dir);
    }
    case 'check': {
      if (!rest[0])
        return usage(
          'check needs a course pack: a folder laid out as fixtures/ is, its .json or its .zip.',
        );
      const { checkCoursePack } = await import('./commands/check.ts');
      return checkCoursePack(host as NodeHost, rest[0]);
    }
    case 'test-runner': {
      const [slug, input, output] = rest;
      if (!slug || !input || !output || rest.length > 3) {
        return usage('test-runner takes three arguments: <slug> <input_dir> <output_dir>.');
      }
      const { runTestRunner } = await import('./commands/test-runner.ts');
      return runTestRunner(host as NodeHost, course, slug, input, output);
    }
    case 'lessons': {
      const state = readCourseState(values.dir, ids);
      process.stdout.write(`${listLessons(course, state.ok ? state.state : undefined)}\n`);
      return 0;
    }
    case 'task': {
      const lesson = chosen();
      if (typeof lesson === 'number') return lesson;
      // The markdown renderer loads only for this command.
      const { printTask } = await import('./commands/task.ts');
      return printTask(course, lesson);
    }
    case 'link': {
      const lesson = chosen();
      return typeof lesson === 'number' ? lesson : printShareLink(lesson, values.dir, values.base);
    }
    case 'stage': {
      const id = rest[0] ?? values.stage;
      if (!id) return usage(`stage needs a stage id: one of ${ids.join(', ')}.`);
      const lesson = find(id);
      return lesson ? stageCommand(course, lesson, values.dir) : unknown(id);
    }
    case 'next': {
      const state = readCourseState(values.dir, ids);
      if (!state.ok) return fail(state.problem);
      return nextStage(host as NodeHost, course, state.state, values.dir, timeoutMs);
    }
    case 'test':
      return test(host as NodeHost, course, whole, values, timeoutMs, chosen);
    case 'run': {
      const lesson = chosen();
      if (typeof lesson === 'number') return lesson;
      // The SDK loads only for this command.
      const { runStage } = await import('./commands/run.ts');
      return runStage(host as NodeHost, lesson, {
        dir: values.dir,
        question: rest.length > 0 ? rest.join(' ') : undefined,
        maxTurns: values.maxTurns,
        maxTokens: values.maxTokens,
        timeoutMs: timeoutMs ?? LIVE_DEFAULTS.timeoutMs,
        ...(values.model ? { model: values.model } : {}),
        ...(values.record ? { record: values.record } : {}),
        ...(values.cassette ? { cassette: values.cassette } : {}),
        ...(values.case ? { from: values.case } : {}),
      });
    }
    default:
      return usage(`Unknown command "${terminalLine(command)}".`);
  }
}

async function test(
  host: NodeHost,
  course: Course,
  whole: boolean,
  values: Values,
  timeoutMs: number | undefined,
  chosen: () => Lesson | number,
): Promise<number> {
  const options = {
    dir: values.dir,
    json: values.json,
    watch: values.watch,
    results: values.results,
    summary: values.summary,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(whole ? { ids: course.lessons.map((l) => l.id) } : {}),
  };
  if (values.all) return runTests(host, course, { ...options, stages: options.ids ?? [] });
  const lesson = chosen();
  if (typeof lesson === 'number') return lesson;
  if (values.stage) return runTests(host, course, { ...options, stages: [lesson.id] });
  // Like CodeCrafters: the current stage, and every earlier one still passing.
  const stages = course.lessons.slice(0, lesson.index + 1).map((l) => l.id);
  return runTests(host, course, { ...options, stages, current: lesson.id });
}
