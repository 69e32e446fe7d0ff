import './offline.css';
import { useOnline } from './use-online.ts';

/**
 * Says the page is offline, and that this costs nothing: lessons run on recorded cassettes.
 * The live region stays in the page, so a screen reader hears the change when it happens.
 */
export function OfflineBadge() {
  const online = useOnline();
  return (
    <span className="offline-slot" aria-live="polite">
      {!online && (
        <span
          className="offline-badge"
          title="Lessons, the editor and Run all work without a network: runs replay recorded cassettes."
        >
          Offline
        </span>
      )}
    </span>
  );
}
