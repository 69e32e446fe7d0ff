import './offline.css';
import { useState } from 'react';
import { useAppStore } from '../../store/store.ts';
import { reloadIntoNewVersion } from './service-worker-client.ts';

/**
 * Offers a newer version of the app; never reloads by itself, so nobody loses a thought
 * mid-edit. Work is saved as it changes, so the reload keeps drafts and progress.
 */
export function UpdateBanner() {
  const update = useAppStore((s) => s.appUpdate);
  const [reloading, setReloading] = useState(false);
  if (update === 'current') return null;
  const outdated = update === 'outdated';
  return (
    <div className="update-banner" role="region" aria-label="App update">
      <p aria-live="polite">
        {outdated ? (
          <>
            <strong>This tab runs an older version of theinference</strong> than another tab or your
            saved work. It has stopped saving so it cannot overwrite newer work: reload to continue.
          </>
        ) : (
          <>
            <strong>A new version is available — reload</strong> when it suits you. Your code and
            progress are kept.
          </>
        )}
      </p>
      <button
        type="button"
        className="button small"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          void reloadIntoNewVersion();
        }}
      >
        {reloading ? 'Reloading…' : 'Reload'}
      </button>
    </div>
  );
}
