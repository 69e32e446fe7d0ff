import type { CaseReport } from '../../../core/index.ts';
import { runReports, type RunState } from '../../store/run-slice.ts';

/** What a run came to, for the live region, the header's colour and the progress kept. */
export interface Verdict {
  /** "Passed: all 5 cases pass." A finished verdict starts with "Passed" or "Failed". */
  headline: string;
  /** The first failing case and why, in one line ("echo: Error: TODO: write the loop"). */
  reason?: string;
  /** `partial`: the cases run all pass, but not every case was run on this code. */
  outcome: 'pass' | 'partial' | 'fail' | 'running' | 'stopped';
  /** Cases that passed, of the lesson's `total`, over the run's results. */
  passed: number;
  total: number;
  /** Every case of the lesson has a verdict on this code. */
  complete: boolean;
}

/**
 * Characters of a reason announced and shown. An API's refusal leads with where ("Request #2
 * would get 400 invalid_request_error from the API: messages.1.content.0: ...", ~110
 * characters) and says what is wrong after it: 200 cut the-while-loop's "Each `tool_result`
 * block must have a corresponding `tool_use` block" in half. The case's detail has the rest.
 */
const REASON_CHARS = 400;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The verdict of a run of a lesson whose cases are `cases` (their order is the lesson's), or
 * undefined before any run. Screen-reader users (and tests) hear the outcome first.
 */
export function verdictOf(
  run: RunState | undefined,
  cases: readonly { name: string }[],
): Verdict | undefined {
  if (!run) return undefined;
  const total = cases.length;
  const reports = runReports(run);
  const passed = reports.filter((c) => c.status === 'pass').length;
  const complete = cases.every((c) => reports.some((r) => r.name === c.name));
  const base = { passed, total, complete };
  if (run.phase === 'running') {
    const names = run.only ?? cases.map((c) => c.name);
    const what = names.length === 1 && run.only ? names[0] : plural(names.length, 'case');
    return { ...base, outcome: 'running', headline: `Running ${what}…` };
  }
  if (run.phase === 'crashed') {
    const reason = run.error ? oneLine(run.error) : undefined;
    return { ...base, outcome: 'fail', headline: 'Failed: the run could not finish.', reason };
  }
  if (run.phase === 'cancelled') {
    return {
      ...base,
      outcome: 'stopped',
      headline: 'Stopped: the run was cancelled before it finished.',
    };
  }
  const report = run.report;
  if (!report) return undefined;
  const firstError = report.compileErrors[0];
  if (firstError) {
    const n = report.compileErrors.length;
    const where = firstError.file
      ? `${firstError.file}:${firstError.line}:${firstError.column}: `
      : '';
    return {
      ...base,
      outcome: 'fail',
      headline: `Failed: the code does not compile (${plural(n, 'error')}).`,
      reason: oneLine(`${where}${firstError.text}`),
    };
  }
  const ordered = cases
    .map((c) => reports.find((r) => r.name === c.name))
    .filter((r): r is CaseReport => r !== undefined);
  const failing = ordered.find((r) => r.status !== 'pass');
  const reason = failing ? oneLine(`${failing.name}: ${caseReason(failing)}`) : undefined;
  if (complete) {
    if (!failing) {
      const all = total === 1 ? 'the case passes' : `all ${total} cases pass`;
      return { ...base, outcome: 'pass', headline: `Passed: ${all}.` };
    }
    return {
      ...base,
      outcome: 'fail',
      headline: `Failed: ${passed} of ${total} cases pass.`,
      reason,
    };
  }
  const ran = ordered.length;
  const rest = `${plural(total - ran, 'case')} not run on this code`;
  const only = ordered[0]?.name ?? 'the case';
  if (!failing) {
    const which = ran === 1 ? `${only} passes` : `the ${ran} cases run pass`;
    return { ...base, outcome: 'partial', headline: `Passed: ${which}; ${rest}.` };
  }
  const which = ran === 1 ? `${only} fails` : `${passed} of the ${ran} cases run pass`;
  return { ...base, outcome: 'fail', headline: `Failed: ${which}; ${rest}.`, reason };
}

/** The verdict as one announcement: the headline, then the reason. */
export function verdictText(verdict: Verdict | undefined): string {
  if (!verdict) return '';
  return verdict.reason ? `${verdict.headline} ${verdict.reason}` : verdict.headline;
}

/**
 * A case's message without a "Hidden case "name" (description): " lead-in, which repeats
 * what the row and the detail already say.
 */
export function caseMessage(report: CaseReport): string {
  const lead = `Hidden case "${report.name}" (${report.description}): `;
  return report.message.startsWith(lead) ? report.message.slice(lead.length) : report.message;
}

/** Why a case failed, in one line: what its row shows. */
export function caseReason(report: CaseReport): string {
  return firstLine(caseMessage(report));
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.trim();
}

function oneLine(text: string): string {
  const line = firstLine(text);
  return line.length > REASON_CHARS ? `${line.slice(0, REASON_CHARS - 1)}…` : line;
}
