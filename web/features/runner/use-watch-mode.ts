import { useEffect } from 'react';
import { useAppStore } from '../../store/store.ts';

const PAUSE_MS = 700;

/** Watch mode: after a short pause in editing the current lesson's files, run again. */
export function useWatchMode(lessonId: string, run: () => void): void {
  const watch = useAppStore((s) => s.watch);
  useEffect(() => {
    if (!watch) return;
    let timer: number | undefined;
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.drafts[lessonId] === previous.drafts[lessonId]) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(run, PAUSE_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [watch, lessonId, run]);
}
