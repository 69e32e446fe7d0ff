import { Icon } from '../../ui/Icon.tsx';
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
  const running = useAppStore((s) => s.run?.phase === 'running' || s.liveRun?.phase === 'running');
  const watch = useAppStore((s) => s.watch);
  const setWatch = useAppStore((s) => s.setWatch);
  return (
    <div className="run-controls">
      {showRun && <RunButton onRun={onRun} />}
      <button type="button" className="button" onClick={stopRun} disabled={!running}>
        <Icon name="stop" size={12} /> Stop
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
      <Icon name="play" size={12} /> Run <kbd aria-hidden="true">{RUN_SHORTCUT}</kbd>
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
