import { useAppStore } from '../../store/store.ts';
import { retryBundler, stopRun } from './runs.ts';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const RUN_SHORTCUT = isMac ? '⌘↵' : 'Ctrl+↵';

interface Props {
  onRun(): void;
  /** False where Run has a place of its own (the stacked layout's tab bar). */
  showRun?: boolean;
}

/** Run, Stop, the watch toggle, and the bundler's state (with a retry when it failed). */
export function RunControls({ onRun, showRun = true }: Props) {
  const running = useAppStore((s) => s.run?.phase === 'running');
  const watch = useAppStore((s) => s.watch);
  const setWatch = useAppStore((s) => s.setWatch);
  return (
    <div className="run-controls">
      {showRun && <RunButton onRun={onRun} />}
      <button type="button" className="button" onClick={stopRun} disabled={!running}>
        <StopIcon /> Stop
      </button>
      <label className="switch">
        <input type="checkbox" checked={watch} onChange={(e) => setWatch(e.target.checked)} />
        <span className="switch-track" aria-hidden="true" />
        Watch
      </label>
      <BundlerStatus />
    </div>
  );
}

/** The Run button, with its shortcut. */
export function RunButton({ onRun }: { onRun(): void }) {
  return (
    <button
      type="button"
      className="button primary run-button"
      onClick={onRun}
      aria-keyshortcuts="Control+Enter Meta+Enter"
      title={`Run (${RUN_SHORTCUT})`}
    >
      <PlayIcon /> Run <kbd aria-hidden="true">{RUN_SHORTCUT}</kbd>
    </button>
  );
}

function BundlerStatus() {
  const bundler = useAppStore((s) => s.bundler);
  if (bundler.state === 'ready') return null;
  if (bundler.state === 'loading') {
    return <span className="bundler-status">Preparing the bundler…</span>;
  }
  return (
    <span className="bundler-status failed" role="alert">
      The bundler failed to load ({bundler.message}).{' '}
      <button type="button" className="button small" onClick={retryBundler}>
        Retry
      </button>
    </span>
  );
}

function PlayIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M3 1.5v9a.5.5 0 0 0 .77.42l7-4.5a.5.5 0 0 0 0-.84l-7-4.5A.5.5 0 0 0 3 1.5Z"
      />
    </svg>
  );
}

function StopIcon() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <rect fill="currentColor" x="2" y="2" width="8" height="8" rx="1.5" />
    </svg>
  );
}
