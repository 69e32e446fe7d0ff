import { diffJsonCounted, type DiffEntry } from '../json/json-diff.ts';
import { boundJson, count } from '../cassette/json-preview.ts';
import type { CassetteRejection } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun } from '../run/events.ts';
import { RUN_LIMITS } from '../wire/limits.ts';
import type { StackMapper } from '../run/stack-map.ts';
import { describeDiff } from './describe-diff.ts';
import { checkRunFields, describeRunCheck } from './run-checked.ts';
import { REPORT_LIMITS } from './report-limits.ts';
import type { CaseReport, CaseStatus, VerdictKind } from './report.ts';
import { caseStrings, diffSealed, sealOutput } from './sealed-output.ts';
import { buildTurns, consoleLines } from './transcript.ts';

type Verdict = Pick<CaseReport, 'status' | 'kind' | 'message'> &
  Partial<Pick<CaseReport, 'diff' | 'diffCount' | 'actual' | 'frames' | 'frameCount'>>;

/**
 * Turns one case's run into a verdict. The checks run from the most fundamental
 * (did it finish? did the API accept it?) to the output itself, so the message names
 * the first real mistake rather than a symptom of it. Whatever the code printed or threw,
 * the report stays bounded (`REPORT_LIMITS`), and a hidden case's report is the same
 * whether its expected output is sealed or not.
 */
export function gradeCase(testCase: LessonCase, run: CaseRun, stacks: StackMapper): CaseReport {
  const verdict = decide(testCase, run, stacks);
  const report: CaseReport = {
    name: testCase.name,
    visible: testCase.visible,
    description: testCase.description,
    ...verdict,
    turns: buildTurns(run.events),
    console: consoleLines(run.events).map((line) => ({ ...line, text: stacks.text(line.text) })),
    consoleTruncated: run.consoleTruncated,
    durationMs: run.durationMs,
  };
  if (testCase.visible) report.expected = testCase.expected;
  return report;
}

function decide(testCase: LessonCase, run: CaseRun, stacks: StackMapper): Verdict {
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
    const all = stacks.frames(outcome.error.stack);
    // Point at the learner's own code first; the harness's line only when nothing else is known.
    const frame = all.find((f) => f.file !== 'program.ts') ?? all[0];
    const where = frame ? ` (at ${frame.file}:${frame.line}:${frame.column})` : '';
    const text = cut(`${outcome.error.name}: ${outcome.error.message}`);
    const frames = all.slice(0, REPORT_LIMITS.frames);
    return {
      ...error('runtime', `${text}${where}`),
      frames,
      ...(all.length > frames.length ? { frameCount: all.length } : {}),
    };
  }
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
  // Fields the run itself shows (how many calls, how long the conversation) are checked
  // against the run; the rest against the expected output. A loop that left recorded calls
  // unmade is told that, not the counts it got wrong because of it.
  const checked = testCase.runChecked
    ? checkRunFields(testCase.runChecked, actual, run)
    : { rest: actual, failures: [] };
  const { rest } = checked;
  const failures = run.unmadeCalls ? [] : checked.failures;
  const shown = boundJson(rest);
  const { entries, total: outputTotal } = compare(testCase, rest);
  const total = outputTotal + failures.length;
  if (total > 0) {
    // What the run shows is the learner's own: it is shown on a hidden case too.
    const diff = [
      ...entries.map((entry) => showEntry(entry, testCase.visible)),
      ...failures.map(({ entry }) => showEntry(entry, true)),
    ].slice(0, REPORT_LIMITS.diffEntries);
    const stoppedEarly = run.unmadeCalls ? `${run.unmadeCalls} ` : '';
    const [firstFailure] = failures;
    const more = total > 1 ? ` (and ${count(total - 1, 'more difference')})` : '';
    const sentence =
      entries.length === 0 && firstFailure
        ? describeRunCheck(firstFailure, more)
        : describeDiff(testCase.visible, diff, total);
    return {
      ...fail('diff', stoppedEarly + sentence),
      diff,
      ...(total > diff.length ? { diffCount: total } : {}),
      actual: shown,
    };
  }
  if (run.unmadeCalls) {
    return {
      ...fail('unconsumed', `The output matches, but ${lowerFirst(run.unmadeCalls)}`),
      actual: shown,
    };
  }
  return { status: 'pass', kind: 'pass', message: 'Output matches.', actual: shown };
}

/**
 * A visible case's output is compared value by value. A hidden case's is compared as the seal
 * can (`diffSealed`), sealed or not (the authors' checks grade by the values): so it gets the
 * same report either way, and the lesson check and the catalogue test what learners will read.
 */
function compare(testCase: LessonCase, actual: unknown) {
  const limit = REPORT_LIMITS.diffEntries;
  if (testCase.visible) return diffJsonCounted(testCase.expected, actual, { limit });
  const sealed =
    testCase.sealed ??
    sealOutput(testCase.expected, 'open', caseStrings(testCase.cassette, testCase.input));
  return diffSealed(sealed, actual, limit);
}

/** An entry as the report shows it: bounded values, and none expected for a hidden case. */
function showEntry({ expected, actual, ...entry }: DiffEntry, visible: boolean): DiffEntry {
  const shown: DiffEntry = { ...entry };
  if (visible && entry.kind !== 'extra') shown.expected = boundJson(expected);
  if (entry.kind !== 'missing') shown.actual = boundJson(actual);
  return shown;
}

function rejected(rejection: CassetteRejection): Verdict {
  const { kind, requestNumber, body, explanation, hint, cause, path } = rejection;
  const verdictKind = kind === 'invalid-request' ? 'api' : 'cassette';
  if (cause) {
    // What the worker saw comes first; the API's (or the recording's) objection is its symptom.
    const symptom =
      kind === 'invalid-request'
        ? `The API would answer 400 ${body.error.type}: ${body.error.message}`
        : kind === 'divergence'
          ? `It left the recorded conversation at ${path ?? '(root)'}.`
          : body.error.message;
    return error(verdictKind, `Request #${requestNumber}: ${cause}\n(${symptom})`);
  }
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

function cut(text: string): string {
  const max = REPORT_LIMITS.errorMessageChars;
  return text.length > max ? `${text.slice(0, max)}… (cut at ${max} characters)` : text;
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
