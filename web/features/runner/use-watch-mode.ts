import { useEffect } from 'react';
import { useAppStore } from '../../store/store.ts';

const PAUSE_MS = 700;

/**
 * Watch mode: after a short pause in the learner's typing in the current lesson, run again.
 * Only typing counts (`lastEdit`): text loaded into the editor never starts a run, and code
 * opened from a share link never runs by itself, edited or not, until the learner keeps it.
 */
export function useWatchMode(lessonId: string, run: () => void): void {
  const watch = useAppStore((s) => s.watch);
  useEffect(() => {
    if (!watch) return;
    let timer: number | undefined;
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.lastEdit === previous.lastEdit || state.lastEdit?.lessonId !== lessonId) return;
      window.clearTimeout(timer);
      if (state.shared[lessonId]) return;
      timer = window.setTimeout(() => {
        if (!useAppStore.getState().shared[lessonId]) run();
      }, PAUSE_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [watch, lessonId, run]);
}
