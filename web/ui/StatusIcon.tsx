export type IconStatus = 'pass' | 'fail' | 'error' | 'pending' | 'running';

const labels: Record<IconStatus, string> = {
  pass: 'passed',
  fail: 'failed',
  error: 'error',
  pending: 'not run',
  running: 'running',
};
const glyphs: Record<IconStatus, string> = {
  pass: '✓',
  fail: '✗',
  error: '!',
  pending: '○',
  running: '◌',
};

/** A status mark with a text alternative, so colour is never the only signal. */
export function StatusIcon({ status }: { status: IconStatus }) {
  return (
    <span className={`status-icon ${status}`} role="img" aria-label={labels[status]}>
      {glyphs[status]}
    </span>
  );
}
