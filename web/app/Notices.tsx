import { useAppStore } from '../store/store.ts';

/** Messages the app owes the learner, until they dismiss them. */
export function Notices() {
  const notices = useAppStore((s) => s.notices);
  const dismiss = useAppStore((s) => s.dismissNotice);
  if (notices.length === 0) return null;
  return (
    <div className="notices" role="region" aria-label="Notices">
      {notices.map((notice) => (
        <div key={notice.id} className={`notice ${notice.tone}`} role="alert">
          <p>{notice.text}</p>
          <button type="button" className="button small ghost" onClick={() => dismiss(notice.id)}>
            Dismiss
          </button>
        </div>
      ))}
    </div>
  );
}
