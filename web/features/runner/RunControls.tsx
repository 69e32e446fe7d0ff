import { Icon } from '../../ui/Icon.tsx';
import { useAppStore } from '../../store/store.ts';
import { useAfterMoment } from '../../ui/moments.ts';
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
  const watch = useAppStore((s) => s.watch);
  const setWatch = useAppStore((s) => s.setWatch);
  return (
    <div className="run-controls">
      {showRun && <RunButton onRun={onRun} />}
      <StopButton />
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

/**
 * Stop: usable from the press of Run (`aria-disabled` and the click follow the run at once,
 * and nothing styles them), drawn as enabled only once the wait has lasted a moment, as the
 * results show a run (a quick run repaints nothing at its press). Its own component, so a run
 * re-renders it alone, not the Watch switch beside it.
 */
function StopButton() {
  const going = useAppStore((s) =>
    s.run?.phase === 'running'
      ? `run:${s.run.streak}`
      : s.liveRun?.phase === 'running'
        ? `live:${s.liveRun.id}`
        : undefined,
  );
  const waited = useAfterMoment(going);
  return (
    <button
      type="button"
      className={`button${going && waited ? '' : ' looks-disabled'}`}
      aria-disabled={!going}
      onClick={() => {
        if (going) stopRun();
      }}
    >
      <Icon name="stop" size={12} /> Stop
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
