import { useEffect } from 'react';
import { useAppStore } from '../../store/store.ts';
import { stopRun } from './runs.ts';

/**
 * How long typing must pause before Watch runs. A second: long enough that the gap between
 * keystrokes (~100–300 ms) and the moment an editor auto-closes a brace never count as one,
 * short enough that stopping to look still brings the results (700 ms ran `while (true) {`
 * the instant Monaco closed its brace).
 */
const PAUSE_MS = 1_000;

/**
 * Watch mode: after a pause in the learner's typing in the current lesson, and only once the
 * code parses (`parses`, TypeScript's syntactic check), run again. Only typing counts
 * (`lastEdit`): text loaded into the editor never starts a run, and code opened from a share
 * link never runs by itself, edited or not, until the learner keeps it. A run Watch started is
 * stopped the moment the learner types again: it ran code they have since changed (a
 * `while (true) {}` on its way to a body), and the next pause runs the new code.
 */
export function useWatchMode(
  lessonId: string,
  run: () => void,
  parses: () => Promise<boolean>,
): void {
  const watch = useAppStore((s) => s.watch);
  useEffect(() => {
    if (!watch) return;
    let timer: number | undefined;
    /** Edits seen; a check that finishes after a newer edit is stale. */
    let edits = 0;
    /** Watch asked for a run: the next run to start is Watch's. */
    let asked = false;
    let watchRunId: number | undefined;
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (asked && state.run !== previous.run && state.run?.phase === 'running') {
        asked = false;
        watchRunId = state.run.id;
      }
      if (state.lastEdit === previous.lastEdit || state.lastEdit?.lessonId !== lessonId) return;
      edits += 1;
      window.clearTimeout(timer);
      const going = state.run;
      if (going?.phase === 'running' && going.id === watchRunId) stopRun();
      if (state.shared[lessonId]) return;
      const edit = edits;
      timer = window.setTimeout(() => {
        void parses().then((ok) => {
          if (!ok || edit !== edits || useAppStore.getState().shared[lessonId]) return;
          asked = true;
          run();
        });
      }, PAUSE_MS);
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [watch, lessonId, run, parses]);
}
