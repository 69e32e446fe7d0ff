import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AppState, PersistedState } from './app-state.ts';
import { createDraftsSlice } from './drafts-slice.ts';
import {
  PERSIST_VERSION,
  STORAGE_KEY,
  migrate,
  partialize,
  sanitizePersisted,
} from './persisted-state.ts';
import { createPreferencesSlice } from './preferences-slice.ts';
import { createProgressSlice } from './progress-slice.ts';
import { createRunSlice } from './run-slice.ts';
import { createSafeStorage, keepRawAside, type StorageProblem } from './safe-storage.ts';
import { createUiSlice } from './ui-slice.ts';

/** Problems found while hydrating, before the store exists to hold them as notices. */
const early: StorageProblem[] = [];
let report = (problem: StorageProblem): void => void early.push(problem);

const keepAside = (): string | undefined => {
  try {
    return keepRawAside(window.localStorage, STORAGE_KEY);
  } catch {
    return undefined;
  }
};

/** The app's one store, built from slices and persisted through an allowlist. */
export const useAppStore = create<AppState>()(
  persist(
    (...args) => ({
      ...createDraftsSlice(...args),
      ...createProgressSlice(...args),
      ...createPreferencesSlice(...args),
      ...createRunSlice(...args),
      ...createUiSlice(...args),
    }),
    {
      name: STORAGE_KEY,
      version: PERSIST_VERSION,
      storage: createSafeStorage(
        () => window.localStorage,
        (problem) => report(problem),
      ),
      partialize,
      migrate: (persisted, version) => migrate(persisted, version) as PersistedState,
      merge: (persisted, current) => {
        const { state, lossy } = sanitizePersisted(persisted);
        if (lossy) {
          report({ kind: 'unreadable', reason: 'parts of it were malformed', keptAt: keepAside() });
        }
        return { ...current, ...state };
      },
      onRehydrateStorage: () => (_state, error) => {
        if (error) report({ kind: 'unreadable', reason: describe(error), keptAt: keepAside() });
      },
    },
  ),
);

report = (problem) => useAppStore.getState().pushNotice(toneOf(problem), noticeText(problem));
for (const problem of early.splice(0)) report(problem);

function toneOf(problem: StorageProblem): 'warning' | 'error' {
  return problem.kind === 'write-failed' ? 'error' : 'warning';
}

/** What the learner is told about a storage problem, in plain words. */
export function noticeText(problem: StorageProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return (
        `Your saved work could not be read (${problem.reason}), so the app started fresh. ` +
        (problem.keptAt
          ? `Nothing was deleted: the saved value is kept in this browser's localStorage under "${problem.keptAt}".`
          : 'The saved value could not be copied aside.')
      );
    case 'unavailable':
      return 'This browser is not letting the app save (localStorage is unavailable): your edits last until you close the tab.';
    case 'write-failed':
      return `Your latest edits could not be saved (${problem.reason}).`;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
