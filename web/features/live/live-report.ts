import {
  buildTurns,
  checkLiveRun,
  consoleLines,
  recordedInput,
  wholeInput,
  type CaseReport,
  type CaseRun,
  type CompileError,
  type LiveCall,
  type LiveCheck,
  type StackFrame,
  type VerdictKind,
} from '../../../core/index.ts';
import type { LiveReport } from '../../store/live-slice.ts';

interface Context {
  lessonId: string;
  input: unknown;
  question: string;
  calls: readonly LiveCall[];
  stopped: string | undefined;
}

/**
 * A live run's report: not graded against expected output (a real model varies) but checked
 * for what must hold whatever the model says (core's `checkLiveRun`).
 */
export function liveReport(run: CaseRun, frames: StackFrame[], context: Context): LiveReport {
  const { stopped } = context;
  const checks = checkLiveRun(run, stopped);
  const [kind, message] = verdict(run, checks, stopped);
  const report: CaseReport = {
    ...shell(context.question),
    status: kind === 'pass' ? 'pass' : 'fail',
    kind,
    message,
    turns: buildTurns(run.events),
    console: consoleLines(run.events),
    consoleTruncated: run.consoleTruncated,
    durationMs: run.durationMs,
  };
  if (frames.length > 0) report.frames = frames;
  return {
    ...base(context),
    caseInput: recordedInput(context.input, run.events),
    report,
    checks,
    outputs: run.outputs,
    ...(stopped ? { stopped } : {}),
  };
}

/** The report of a live run that did not compile. */
export function compileReport(errors: CompileError[], context: Context): LiveReport {
  const first = errors[0];
  const where = first?.file ? `${first.file}:${first.line}:${first.column}: ` : '';
  const report: CaseReport = {
    ...shell(context.question),
    status: 'error',
    kind: 'compile',
    message: `Compile error: ${where}${first?.text ?? 'the code did not compile'}`,
  };
  return {
    ...base(context),
    caseInput: context.input,
    compileErrors: errors,
    report,
    checks: [],
    outputs: [],
  };
}

function base({ lessonId, input, question, calls }: Context) {
  const usage = calls.reduce(
    (sum, { response }) => ({
      input_tokens: sum.input_tokens + (response.usage ? wholeInput(response.usage) : 0),
      output_tokens: sum.output_tokens + (response.usage?.output_tokens ?? 0),
    }),
    { input_tokens: 0, output_tokens: 0 },
  );
  return { lessonId, input, question, calls, usage, compileErrors: [] as CompileError[] };
}

function shell(question: string): CaseReport {
  return {
    name: 'live',
    visible: true,
    description: question.trim() || 'A live run.',
    status: 'error',
    kind: 'runtime',
    message: '',
    turns: [],
    console: [],
    consoleTruncated: false,
    durationMs: 0,
  };
}

/** How the run ended, in the words of its first line. */
function verdict(
  run: CaseRun,
  checks: LiveCheck[],
  stopped: string | undefined,
): [VerdictKind, string] {
  const { outcome } = run;
  const last = run.events.filter((e) => e.type === 'model-call').at(-1);
  const refused = last?.type === 'model-call' ? refusal(last) : undefined;
  switch (outcome.kind) {
    case 'threw':
      return refused
        ? ['api', refused]
        : ['runtime', `${outcome.error.name}: ${outcome.error.message}`];
    case 'timeout':
      return [
        'timeout',
        `Stopped after ${outcome.afterMs / 1000} s of the code's own time (the model's time is not counted).`,
      ];
    case 'cancelled':
      return ['cancelled', stopped ?? 'Stopped before it finished.'];
    case 'stopped-after-rejection':
      return ['api', 'Stopped: the code kept calling the model after a refused request.'];
    case 'completed': {
      const failed = checks.find((c) => !c.holds);
      if (!failed) return ['pass', checks.map((c) => c.text).join('; ')];
      return ['api', refused ?? `Does not hold: ${failed.text}.`];
    }
  }
}

/** What the API (or the page's check) said to a call, in a line; undefined when it answered. */
function refusal(call: Extract<CaseRun['events'][number], { type: 'model-call' }>) {
  if (call.rejection) {
    const { message } = call.rejection.body.error;
    return `Request #${call.index} was refused before it was sent (the API would answer 400): ${message}`;
  }
  if (!call.error) return undefined;
  const { status, body } = call.error;
  const said = `${body.error.type}: ${body.error.message}`;
  return status > 0
    ? `Request #${call.index} failed: ${status} ${said}`
    : `Request #${call.index} got no answer: ${said}`;
}
