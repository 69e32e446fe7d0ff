import type { ApiRequest, ApiResponse, Usage } from '../api/messages.ts';
import type { CaseReport } from '../grade/report.ts';
import { buildTurns, consoleLines } from '../grade/transcript.ts';
import type { FileMap, Lesson } from '../lesson/types.ts';
import type { CompileError } from '../run/bundle.ts';
import type { CaseRun } from '../run/events.ts';
import { bundleFor } from '../run/grade-files.ts';
import type { GradingHost } from '../run/host.ts';
import type { ModelAnswerer } from '../run/model-answerer.ts';
import { runCase, type CaseRunHandle } from '../run/run-case.ts';
import { createStackMapper } from '../run/stack-map.ts';
import { checkLiveRun, type LiveCheck } from './check-live-run.ts';

/** What a live run needs beyond the lesson and the files. */
export interface LiveRunOptions {
  /** The harness's `h.input`: the lesson's input, with the learner's own question in it. */
  input: unknown;
  /** Answers each model call (the host's call to the real API). */
  answer: ModelAnswerer;
  /** The code's own time limit (model latency not counted); the lesson's when absent. */
  timeoutMs?: number;
}

/** One call of a live session, as a cassette records it. */
export interface LiveCall {
  request: ApiRequest;
  response: ApiResponse;
}

/** A finished live run: its transcript (as a case report), its checks, and the session. */
export interface LiveReport {
  lessonId: string;
  input: unknown;
  compileErrors: CompileError[];
  /** The run as the timeline shows a case; its status comes from the checks. */
  report: CaseReport;
  checks: LiveCheck[];
  /** The calls the model answered, in order: what a recording keeps. */
  calls: LiveCall[];
  /** Every call made, answered or not (refused locally: none). */
  callsMade: number;
  /** What the harness printed, parsed; undefined when it printed nothing readable. */
  output?: unknown;
  usage: Usage;
  bundleMs: number;
  durationMs: number;
}

export interface LiveRunHandle {
  result: Promise<LiveReport>;
  /** Ends the run now; a call in flight is aborted. */
  cancel(): void;
}

/**
 * Runs the learner's files once, live: the lesson's harness and tools in the sandbox as for a
 * case, with `answer` replying to each model call instead of a cassette.
 */
export function startLiveRun(
  host: GradingHost,
  lesson: Lesson,
  files: FileMap,
  options: LiveRunOptions,
): LiveRunHandle {
  let handle: CaseRunHandle | undefined;
  let cancelled = false;
  const result = (async (): Promise<LiveReport> => {
    const started = host.clock.now();
    const bundle = await bundleFor(host)(lesson, files);
    const bundleMs = host.clock.now() - started;
    const liveCase = {
      name: 'live',
      visible: true,
      description: describeInput(options.input),
      input: options.input,
      cassette: { calls: [] },
      expected: null,
    };
    if (!bundle.ok) {
      const first = bundle.errors[0];
      const report: CaseReport = {
        ...caseShell(liveCase.description),
        status: 'error',
        kind: 'compile',
        message: `Compile error: ${first ? `${first.file}:${first.line}:${first.column}: ${first.text}` : 'the code did not compile'}`,
      };
      return finished(report, [], bundle.errors);
    }
    const timeoutMs = options.timeoutMs ?? lesson.timeoutMs;
    handle = runCase(host.spawn, host.clock, bundle.script, liveCase, timeoutMs, options.answer);
    if (cancelled) handle.cancel();
    const run = await handle.result;
    const verdict = checkLiveRun(run);
    const report: CaseReport = {
      ...caseShell(liveCase.description),
      status: verdict.status,
      kind: verdict.kind,
      message: verdict.message,
      turns: buildTurns(run.events),
      console: consoleLines(run.events),
      consoleTruncated: run.consoleTruncated,
      durationMs: run.durationMs,
    };
    if (run.outcome.kind === 'threw') {
      report.frames = createStackMapper(bundle.sourceMap)(run.outcome.error.stack);
    }
    const output = parseOutput(run);
    if (output !== undefined) report.actual = output;
    return finished(report, verdict.checks, [], run, output);

    function finished(
      report: CaseReport,
      checks: LiveCheck[],
      compileErrors: CompileError[],
      run?: CaseRun,
      output?: unknown,
    ): LiveReport {
      const calls: LiveCall[] = [];
      let callsMade = 0;
      for (const event of run?.events ?? []) {
        if (event.type !== 'model-call') continue;
        if (!event.rejection) callsMade++;
        if (event.response) calls.push({ request: event.request, response: event.response });
      }
      const live: LiveReport = {
        lessonId: lesson.id,
        input: options.input,
        compileErrors,
        report,
        checks,
        calls,
        callsMade,
        usage: totalUsage(calls),
        bundleMs,
        durationMs: host.clock.now() - started,
      };
      if (output !== undefined) live.output = output;
      return live;
    }
  })();
  return {
    result,
    cancel() {
      cancelled = true;
      handle?.cancel();
    },
  };
}

function caseShell(description: string): CaseReport {
  return {
    name: 'live',
    visible: true,
    description,
    status: 'error',
    kind: 'runtime',
    message: '',
    turns: [],
    console: [],
    consoleTruncated: false,
    durationMs: 0,
  };
}

/** Tokens a session used, input and output, over every answered call. */
export function totalUsage(calls: readonly { response: ApiResponse }[]): Usage {
  let input = 0;
  let output = 0;
  for (const { response } of calls) {
    input += response.usage.input_tokens;
    output += response.usage.output_tokens;
  }
  return { input_tokens: input, output_tokens: output };
}

function describeInput(input: unknown): string {
  const prompt = (input as { prompt?: unknown } | null)?.prompt;
  return typeof prompt === 'string' && prompt.trim() ? prompt.trim() : 'A live run.';
}

function parseOutput(run: CaseRun): unknown {
  if (run.outputs.length !== 1) return undefined;
  try {
    return JSON.parse(run.outputs[0] ?? '') as unknown;
  } catch {
    return undefined;
  }
}
