import { useEffect, useSyncExternalStore } from 'react';

/**
 * How long work may go on before the page shows that it is under way. A run over sooner goes
 * from the last verdict straight to its own: pressing Run changes nothing on screen, so the
 * page paints nothing while the run's workers need the CPU, and nothing flashes.
 */
export const MOMENT_MS = 150;

/** The timers a moment is measured with (the page's, or a fake clock in tests). */
export interface MomentClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * Moments by key (a run, say): each starts when its first holder takes it and is over
 * `ms` later, for every holder at once, so all that wait on one key change in one commit.
 */
export interface Moments {
  /** Takes `key` (starting its moment if no one holds it); the function returned lets go. */
  hold(key: string): () => void;
  /** Whether `key`'s moment, held now, is over. */
  passed(key: string): boolean;
  /** Calls `listener` whenever a moment ends; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

export function createMoments(clock: MomentClock, ms = MOMENT_MS): Moments {
  const held = new Map<string, { holders: number; passed: boolean; timer: unknown }>();
  const listeners = new Set<() => void>();
  return {
    hold(key) {
      let moment = held.get(key);
      if (!moment) {
        const started = { holders: 0, passed: false, timer: undefined as unknown };
        started.timer = clock.setTimeout(() => {
          started.passed = true;
          for (const listener of [...listeners]) listener();
        }, ms);
        held.set(key, (moment = started));
      }
      moment.holders++;
      const mine = moment;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (--mine.holders > 0) return;
        clock.clearTimeout(mine.timer);
        if (held.get(key) === mine) held.delete(key);
      };
    },
    passed: (key) => held.get(key)?.passed === true,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const pageMoments = createMoments({
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
});

/**
 * Whether `key` (undefined: nothing is going on) has stayed the same for a moment. Every
 * component asking about the same key shares its timer.
 */
export function useAfterMoment(key: string | undefined): boolean {
  useEffect(() => (key === undefined ? undefined : pageMoments.hold(key)), [key]);
  return useSyncExternalStore(pageMoments.subscribe, () =>
    key === undefined ? false : pageMoments.passed(key),
  );
}
