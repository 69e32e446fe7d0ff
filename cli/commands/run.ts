import {
  checkLiveRun,
  createCassetteSession,
  createLiveSession,
  liveInput,
  liveStarts,
  recordedInput,
  startLiveRun,
  usedTokens,
  type Lesson,
  type LiveRunResult,
  type ModelSource,
} from '../../core/index.ts';
import { createApiClient } from '../live/api-client.ts';
import { readReplay, writeRecording } from '../live/recording-files.ts';
import { createLivePrinter, type LivePrinter } from '../live/print-live.ts';
import { printChanges } from '../live/print-changes.ts';
import { createTerminalUser } from '../live/terminal-user.ts';
import type { NodeHost } from '../node-host.ts';
import { readCourseSources } from '../read-sources.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';
import { srcProblem } from './test.ts';

export interface RunOptions {
  dir: string;
  /** The learner's question; from the case beside a replayed cassette when absent. */
  question: string | undefined;
  /** `--model`: instead of the model the code asks for. */
  model?: string;
  maxTurns: number;
  maxTokens: number;
  timeoutMs: number;
  /** `--record`: a case folder, or a `.json` file for the cassette alone. */
  record?: string;
  /** `--cassette`: replay a recording (a cassette.json, or a case folder) instead. */
  cassette?: string;
  /** `--case`: start from this visible case's input (its project's files), not the simplest. */
  from?: string;
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const fail = (message: string, code = 2) => (process.stderr.write(`${message}\n`), code);

/**
 * `theinference run`: the course directory's code for the stage, once, with the learner's own
 * question, against the real API (the SDK, in this process) or a recorded cassette. Resolves
 * to the exit code: 0 when the run finished and held to what a live run must; 1 when it did
 * not (an API error, a limit, an error in the code); 2 for what stopped it from starting.
 */
export async function runStage(host: NodeHost, lesson: Lesson, options: RunOptions) {
  const problem = srcProblem(options.dir);
  if (problem) return fail(problem);
  const replay = options.cassette ? readReplay(options.cassette) : undefined;
  if (replay && !replay.ok) return fail(replay.problem);
  const question = options.question ?? replay?.value.question;
  if (question === undefined || question.trim() === '') {
    return fail('run needs a question: theinference run "Weather in Chicago?"');
  }
  const starts = liveStarts(lesson);
  if (options.from !== undefined && !starts.some((s) => s.name === options.from)) {
    const names = starts.map((s) => s.name).join(', ') || 'none';
    return fail(
      `Stage ${lesson.id} has no visible case ${terminalLine(options.from)} to start from: ${names}.`,
    );
  }
  const input =
    replay?.value.input && options.question === undefined
      ? replay.value.input
      : liveInput(lesson, question, options.from);
  if (!input) return fail(`Stage ${lesson.id} takes no question: no case of it has a prompt.`);

  const printer = createLivePrinter(out, (text) => process.stdout.write(text));
  const controller = new AbortController();
  let model: ModelSource;
  let live: ReturnType<typeof createLiveSession> | undefined;
  if (replay) {
    model = createCassetteSession(replay.value.cassette);
    out(
      `${style.bold(lesson.id)} ${style.dim(`· replaying ${terminalLine(options.cassette ?? '')}`)}`,
    );
  } else {
    const apiKey = process.env.ANTHROPIC_API_KEY;
    if (!apiKey) {
      return fail(
        'No API key: set ANTHROPIC_API_KEY to your Anthropic API key (https://console.anthropic.com/settings/keys). Nothing was sent.',
      );
    }
    const client = createApiClient({
      apiKey,
      baseURL: process.env.ANTHROPIC_BASE_URL || undefined,
      signal: controller.signal,
      onRetry: (notice) => printer.retry(notice),
      onStreamEvent: (event) => printer.stream(event),
    });
    live = createLiveSession({
      api: client,
      limits: { maxTurns: options.maxTurns, maxTokens: options.maxTokens },
      ...(options.model ? { model: options.model } : {}),
    });
    model = live;
    const picked = options.model ? ` · ${terminalLine(options.model)}` : '';
    out(
      `${style.bold(lesson.id)} ${style.dim(`· live · ${terminalLine(client.baseURL)}${picked}`)}`,
    );
  }

  const files = (input as { files?: unknown }).files;
  if (files && typeof files === 'object') {
    const from = options.from ?? starts[0]?.name ?? 'its case';
    const count = Object.keys(files).length;
    out(
      style.dim(
        `project: ${terminalLine(replay ? 'the recording' : from)}'s ${count} ${count === 1 ? 'file' : 'files'}, a copy in memory (never your disk)`,
      ),
    );
  }

  const sources = readCourseSources(options.dir);
  for (const { path, reason } of sources.skipped) {
    process.stderr.write(`${style.yellow('skipped')} ${terminalLine(path)}: ${reason}\n`);
  }
  // Ctrl+C ends the run and the request in flight (or the question waiting); a second one ends the CLI.
  let interrupt = () => {};
  const user = replay
    ? undefined // a replayed case's own scripted answers
    : createTerminalUser({
        input: process.stdin,
        output: process.stdout,
        onInterrupt: () => interrupt(),
      });
  const run = startLiveRun(host, lesson, sources.files, {
    input,
    ...(user ? { user } : {}),
    model: {
      answer(request, answerOptions) {
        printer.request(request);
        return model.answer(request, answerOptions);
      },
      ...(model.unmadeCalls ? { unmadeCalls: () => model.unmadeCalls?.() } : {}),
    },
    timeoutMs: options.timeoutMs,
    onEvent: (event) => printer.event(event),
  });
  interrupt = () => {
    controller.abort();
    run.cancel();
  };
  process.once('SIGINT', interrupt);
  let result: LiveRunResult;
  try {
    result = await run.result;
  } finally {
    process.off('SIGINT', interrupt);
    controller.abort();
  }
  return finish(result, printer, { live, options, input });
}

function finish(
  result: LiveRunResult,
  printer: LivePrinter,
  context: {
    live: ReturnType<typeof createLiveSession> | undefined;
    options: RunOptions;
    input: unknown;
  },
): number {
  if (!result.ok) {
    for (const error of result.compileErrors) {
      const where = terminalLine(`${error.file}:${error.line}:${error.column}`);
      out(`${style.red('compile error')} ${where}: ${terminalLine(error.text)}`);
    }
    return 1;
  }
  const { run, frames } = result;
  const { live, options } = context;
  const stopped = live?.stopped;
  const checks = checkLiveRun(run, stopped);
  const outcome = run.outcome;
  if (outcome.kind === 'threw') {
    // The API's error, rethrown by the code, was shown under its turn already.
    const last = run.events.filter((e) => e.type === 'model-call').at(-1);
    const refused = last?.type === 'model-call' && (last.error || last.rejection);
    const { name, message } = outcome.error;
    out(
      style.red(
        refused
          ? `The code stopped there: it threw the API's error (${terminalLine(name)}).`
          : terminalLine(`${name}: ${message}`),
      ),
    );
    for (const f of frames)
      out(`  at ${terminalLine(`${f.functionName ?? ''} ${f.file}:${f.line}:${f.column}`.trim())}`);
  } else if (outcome.kind === 'timeout') {
    out(style.red(`Stopped after ${outcome.afterMs / 1000} s: the run took too long (--timeout).`));
  } else if (outcome.kind === 'cancelled' && !stopped) {
    out(style.red('Stopped.'));
  } else if (outcome.kind === 'stopped-after-rejection') {
    out(style.red('Stopped: the code kept calling the model after a refused request.'));
  }
  if (stopped)
    out(
      style.yellow(
        `${stopped} (--max-turns ${options.maxTurns}, --max-tokens ${options.maxTokens})`,
      ),
    );
  if (run.unmadeCalls) out(style.yellow(terminalLine(run.unmadeCalls)));
  const ok = outcome.kind === 'completed' && checks.every((c) => c.holds);
  // A run that did not finish has said why above.
  const shown = outcome.kind === 'completed' ? checks : checks.slice(1);
  const tokens = run.events.reduce(
    (n, e) => n + (e.type === 'model-call' && e.response ? usedTokens(e.response) : 0),
    0,
  );
  printer.end({ ms: run.durationMs, tokens, ok, checks: shown });
  printChanges(context.input, run.outputs[0], out);
  if (!options.record) return ok ? 0 : 1;
  if (!ok || !live) {
    const why = live ? 'the run did not finish cleanly' : 'a replay records nothing new';
    process.stderr.write(`Nothing recorded: ${why}.\n`);
    return 1;
  }
  const written = writeRecording(options.record, live.calls, run.outputs, {
    input: recordedInput(context.input, run.events),
    description: `Recorded live: ${options.question ?? ''}`,
  });
  if (!written.ok) return fail(`Nothing recorded: ${written.problem}.`, 1);
  out(style.dim(`Recorded ${written.value.join(', ')}`));
  return 0;
}
