import { useEffect, useId, useRef } from 'react';
import { ProblemsTable } from '../../ui/ProblemsTable.tsx';
import type { OpenFailure } from './pack-library.ts';
import './packs.css';

/**
 * Why a course pack could not be opened: each file, field and problem (as text), and that
 * nothing changed: the course open and all the learner's work are as they were.
 */
export function PackProblemsDialog({
  failure,
  onClose,
}: {
  failure: OpenFailure;
  onClose(): void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = { title: useId(), text: useId() };
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const count = failure.problems.length;
  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      className="pack-dialog pack-problems"
      aria-labelledby={ids.title}
      aria-describedby={ids.text}
      onClose={onClose}
    >
      <h2 id={ids.title}>This course pack could not be opened</h2>
      <p id={ids.text}>
        <code>{failure.name}</code> has {count} {count === 1 ? 'problem' : 'problems'}. Nothing was
        changed: the course you had open and all your work are as they were.
      </p>
      <div className="pack-problems-table">
        <ProblemsTable problems={failure.problems} />
      </div>
      <div className="pack-dialog-actions">
        <button type="button" className="button primary" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
