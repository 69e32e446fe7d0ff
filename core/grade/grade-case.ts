import { diffJson, type DiffEntry } from '../cassette/json-diff.ts';
import type { CassetteRejection } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun } from '../run/events.ts';
import { RUN_LIMITS } from '../run/limits.ts';
import type { StackFrame } from '../run/stack-map.ts';
import type { CaseReport, CaseStatus, VerdictKind } from './report.ts';
import { buildTurns, consoleLines } from './transcript.ts';

type Verdict = Pick<CaseReport, 'status' | 'kind' | 'message'> &
  Partial<Pick<CaseReport, 'diff' | 'actual' | 'frames'>>;

/**
 * Turns one case's run into a verdict. The checks run from the most fundamental
 * (did it finish? did the API accept it?) to the output itself, so the message names
 * the first real mistake rather than a symptom of it.
 */
export function gradeCase(
  testCase: LessonCase,
  run: CaseRun,
  mapStack: (stack: string | undefined) => StackFrame[],
): CaseReport {
  const verdict = decide(testCase, run, mapStack);
  const report: CaseReport = {
    name: testCase.name,
    visible: testCase.visible,
    description: testCase.description,
    ...verdict,
    turns: buildTurns(run.events),
    console: consoleLines(run.events),
    consoleTruncated: run.consoleTruncated,
    durationMs: run.durationMs,
  };
  if (testCase.visible) report.expected = testCase.expected;
  else if (report.diff) report.diff = report.diff.map(({ expected: _hidden, ...entry }) => entry);
  return report;
}

function decide(
  testCase: LessonCase,
  run: CaseRun,
  mapStack: (stack: string | undefined) => StackFrame[],
): Verdict {
  const { outcome } = run;
  if (outcome.kind === 'cancelled') return error('cancelled', 'Stopped before it finished.');
  if (run.rejection) return rejected(run.rejection);
  if (outcome.kind === 'timeout') {
    const calls = run.modelCalls === 1 ? '1 model call' : `${run.modelCalls} model calls`;
    return error(
      'timeout',
      `Timed out after ${seconds(outcome.afterMs)} (after ${calls}): the code never finished. ` +
        'Look for a loop that never ends, or one that never awaits (a busy loop blocks everything).',
    );
  }
  if (outcome.kind === 'threw') {
    const frames = mapStack(outcome.error.stack);
    // Point at the learner's own code first; the harness's line only when nothing else is known.
    const frame = frames.find((f) => f.file !== 'program.ts') ?? frames[0];
    const where = frame ? ` (at ${frame.file}:${frame.line}:${frame.column})` : '';
    return {
      ...error('runtime', `${outcome.error.name}: ${outcome.error.message}${where}`),
      frames,
    };
  }
  if (outcome.kind === 'limit') return error('cancelled', outcome.message);
  if (outcome.kind === 'stopped-after-rejection') {
    return error('cassette', 'The run was stopped: it kept calling the model after an error.');
  }
  if (run.outputs.length === 0) {
    return fail('no-output', 'The program finished without printing a result.');
  }
  if (run.outputs.length > 1) {
    return fail(
      'extra-output',
      `${run.outputs.length} results were printed; the harness prints exactly one.`,
    );
  }
  const printed = run.outputs[0] ?? '';
  if (printed.length > RUN_LIMITS.outputChars) {
    return fail('no-output', `The result is over ${RUN_LIMITS.outputChars} characters long.`);
  }
  let actual: unknown;
  try {
    actual = JSON.parse(printed) as unknown;
  } catch {
    return fail('no-output', 'The printed result is not valid JSON.');
  }
  const diff = diffJson(testCase.expected, actual);
  if (diff.length > 0) {
    return { ...fail('diff', describeDiff(testCase, diff)), diff, actual };
  }
  if (run.unmadeCalls) {
    return {
      ...fail('unconsumed', `The output matches, but ${lowerFirst(run.unmadeCalls)}`),
      actual,
    };
  }
  return { status: 'pass', kind: 'pass', message: 'Output matches.', actual };
}

function rejected(rejection: CassetteRejection): Verdict {
  const { kind, requestNumber, body, explanation, hint } = rejection;
  if (kind === 'invalid-request') {
    return error(
      'api',
      `Request #${requestNumber} would get 400 ${body.error.type} from the API: ` +
        `${body.error.message}\n${explanation}`,
    );
  }
  const message = body.error.message;
  return error('cassette', hint && !message.includes(hint) ? `${message}\n${hint}` : message);
}

function describeDiff(testCase: LessonCase, diff: DiffEntry[]): string {
  const first = diff[0];
  if (!first) return 'The output differs from the expected output.';
  const where = first.path === '' ? 'the output' : first.path;
  const more =
    diff.length > 1 ? ` (and ${diff.length - 1} more difference${diff.length > 2 ? 's' : ''})` : '';
  if (!testCase.visible) {
    const what =
      first.kind === 'missing'
        ? 'is missing'
        : first.kind === 'extra'
          ? 'is unexpected'
          : 'is wrong';
    return `Hidden case "${testCase.name}" (${testCase.description}): ${where} ${what}${more}.`;
  }
  if (first.kind === 'missing')
    return `${where} is missing: expected ${show(first.expected)}${more}.`;
  if (first.kind === 'extra')
    return `${where} should not be there: got ${show(first.actual)}${more}.`;
  return `${where}: expected ${show(first.expected)}, got ${show(first.actual)}${more}.`;
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function error(kind: VerdictKind, message: string): Verdict {
  return { status: 'error' satisfies CaseStatus, kind, message };
}

function fail(kind: VerdictKind, message: string): Verdict {
  return { status: 'fail', kind, message };
}
