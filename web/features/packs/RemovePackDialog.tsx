import { useEffect, useId, useRef } from 'react';
import type { PackEntry } from './pack-db.ts';

interface Props {
  entry: PackEntry;
  /** Whether the learner has work in it (drafts, progress, the tutor's chats). */
  hasWork: boolean;
  /** `keepWork`: the work stays, for if the pack is opened again. */
  onRemove(keepWork: boolean): void;
  onCancel(): void;
}

/**
 * Asks before a pack goes: it is removed from this browser; the learner's work in it is
 * removed only when they say so (kept by default, and it comes back if the pack is opened
 * again).
 */
export function RemovePackDialog({ entry, hasWork, onRemove, onCancel }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), text: useId() };
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return (
    <dialog
      ref={dialog}
      className="pack-dialog"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onClose={onCancel}
    >
      <h2 id={ids.title}>Remove “{entry.title}”?</h2>
      <p id={ids.text}>
        The course pack is removed from this browser; open its file again to bring it back.
        {hasWork
          ? ' Your work in it (drafts, progress, the tutor’s conversations) can stay, and it comes back with the pack, or go with it.'
          : ' You have no work in it yet.'}
      </p>
      <div className="pack-dialog-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        {hasWork && (
          <button type="button" className="button" onClick={() => onRemove(false)}>
            Remove it and my work
          </button>
        )}
        <button type="button" className="button primary" onClick={() => onRemove(true)}>
          {hasWork ? 'Remove it, keep my work' : 'Remove it'}
        </button>
      </div>
    </dialog>
  );
}
