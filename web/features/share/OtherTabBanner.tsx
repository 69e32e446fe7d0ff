import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';

/**
 * Another tab saved different code for this lesson. Neither version is dropped: this tab
 * keeps showing its own until the learner chooses.
 */
export function OtherTabBanner({ lesson }: { lesson: Lesson }) {
  const conflict = useAppStore((s) => s.draftConflict?.lessonId === lesson.id);
  const resolve = useAppStore((s) => s.resolveDraftConflict);
  if (!conflict) return null;
  return (
    <section className="code-banner other-tab" role="region" aria-label="Code from another tab">
      <p>
        <strong>This lesson&apos;s code was changed in another tab.</strong> This tab still shows
        its own version. Which one do you want to keep?
      </p>
      <div className="code-banner-actions">
        <button type="button" className="button" onClick={() => resolve('mine')}>
          Keep mine
        </button>
        <button type="button" className="button" onClick={() => resolve('theirs')}>
          Load theirs
        </button>
      </div>
    </section>
  );
}
