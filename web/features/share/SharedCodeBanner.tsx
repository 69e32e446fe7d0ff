import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';

/**
 * While code from a share link is in the editor: where it came from, that it has not run,
 * and the choice between it and the learner's own code (which was never touched).
 */
export function SharedCodeBanner({ lesson }: { lesson: Lesson }) {
  const open = useAppStore((s) => s.shared[lesson.id] !== undefined);
  const edited = useAppStore((s) => s.shared[lesson.id]?.edited ?? false);
  const hasDraft = useAppStore((s) => s.drafts[lesson.id] !== undefined);
  const watch = useAppStore((s) => s.watch);
  const keepShared = useAppStore((s) => s.keepShared);
  const closeShared = useAppStore((s) => s.closeShared);
  if (!open) return null;
  return (
    <section className="code-banner shared" role="region" aria-label="Code from a link">
      <p>
        <strong>This code came from a share link.</strong> It has not run: read it, then press Run
        if you want to.{' '}
        {hasDraft ? 'Your own code is saved, untouched' : 'Your own code (the starter) is kept'}:
        “Back to my code” brings it back, “Keep the shared code” replaces it.
        {edited && ' Your edits to the shared code are saved only if you keep it.'}
        {watch && ' Watch mode waits until you keep it.'}
      </p>
      <div className="code-banner-actions">
        <button type="button" className="button" onClick={() => closeShared(lesson.id)}>
          Back to my code
        </button>
        <button type="button" className="button" onClick={() => keepShared(lesson.id)}>
          Keep the shared code
        </button>
      </div>
    </section>
  );
}
