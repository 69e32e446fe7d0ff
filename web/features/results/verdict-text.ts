import type { RunState } from '../../store/run-slice.ts';

/**
 * What the live region announces. A finished verdict starts with "Passed" or "Failed", so
 * screen-reader users (and tests) hear the outcome first.
 */
export function verdictText(run: RunState | undefined, caseCount: number): string {
  if (!run) return '';
  if (run.phase === 'running') {
    return `Running ${caseCount} ${caseCount === 1 ? 'case' : 'cases'}…`;
  }
  if (run.phase === 'crashed') return `Failed: the run could not finish. ${run.error ?? ''}`.trim();
  if (run.phase === 'cancelled') return 'Stopped: the run was cancelled before it finished.';
  const report = run.report;
  if (!report) return '';
  const passed = report.cases.filter((c) => c.status === 'pass').length;
  const total = report.cases.length;
  if (report.status === 'pass') {
    return `Passed: ${total === 1 ? 'the case passes' : `all ${total} cases pass`}.`;
  }
  if (report.compileErrors.length > 0) {
    const n = report.compileErrors.length;
    return `Failed: the code does not compile (${n} ${n === 1 ? 'error' : 'errors'}).`;
  }
  return `Failed: ${passed} of ${total} cases pass.`;
}
