import { useOnline } from './use-online.ts';

/** Says the page is offline, and that this costs nothing: lessons run on recorded cassettes. */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <span
      className="offline-badge"
      aria-live="polite"
      title="Lessons, the editor and Run all work without a network: runs replay recorded cassettes."
    >
      Offline
    </span>
  );
}
