import type { CaseReport, LessonReport } from '../grade/report.ts';
import { summarizeCase } from '../grade/transcript.ts';
import { CHAT_LIMITS } from './conversation.ts';

/** "Passed: all 7 cases pass." or "Failed: 5 of 7 cases pass.": a run in one sentence. */
export function runHeadline(report: LessonReport): string {
  const total = report.cases.length;
  const passed = report.cases.filter((c) => c.status === 'pass').length;
  if (report.status === 'pass') {
    return `Passed: ${total === 1 ? 'the case passes' : `all ${total} cases pass`}.`;
  }
  const errors = report.compileErrors.length;
  if (errors > 0) {
    return `Failed: the code does not compile (${errors} ${errors === 1 ? 'error' : 'errors'}).`;
  }
  return `Failed: ${passed} of ${total} cases pass.`;
}

/**
 * One line per case, as the CLI prints them under each transcript:
 * `✓ echo  2 turns · 1 tool call · 41 ms`; past the chat's limit, "and N more".
 */
export function caseLines(report: LessonReport): string[] {
  const width = Math.max(0, ...report.cases.map((c) => c.name.length));
  const line = (c: CaseReport) => {
    const [mark, ...rest] = summarizeCase(c).split(' ');
    return `${mark} ${c.name.padEnd(width)}  ${rest.join(' ')}`;
  };
  const max = CHAT_LIMITS.lines;
  if (report.cases.length <= max) return report.cases.map(line);
  const shown = report.cases.slice(0, max - 1).map(line);
  return [...shown, `and ${report.cases.length - shown.length} more`];
}

/** The first failing case of a run: the one the learner should look at first. */
export function firstFailure(report: LessonReport): CaseReport | undefined {
  return report.cases.find((c) => c.status !== 'pass' && c.kind !== 'cancelled');
}
