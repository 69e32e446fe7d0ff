import { hasAttempted, referenceUnlocked } from '../../store/progress-slice.ts';
import { useAppStore } from '../../store/store.ts';

/**
 * What the tutor may show: nothing of the reference solution before the learner's first run,
 * and the reference itself only once they have passed or asked for it (Show solution).
 */
export interface TutorProgress {
  /** The learner has run their own code on this lesson. */
  attempted: boolean;
  /** The reference solution may be shown. */
  unlocked: boolean;
}

export function useTutorProgress(lessonId: string): TutorProgress {
  const attempted = useAppStore((s) => hasAttempted(s.progress[lessonId]));
  const unlocked = useAppStore((s) => referenceUnlocked(s.progress[lessonId]));
  return { attempted, unlocked };
}
