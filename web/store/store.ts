import { create } from 'zustand';
import { persist, type StorageValue } from 'zustand/middleware';
import type { AppState, PersistedState } from './app-state.ts';
import {
  NewerSaveError,
  PERSIST_VERSION,
  STORAGE_KEY,
  migrate,
  partialize,
  readSavedValue,
  sanitizePersisted,
} from './persisted-state.ts';
import { compareStamps, stampOf } from './draft-stamps.ts';
import { createSafeStorage, keepRawAside, type StorageProblem } from './safe-storage.ts';
import { createAppSlices } from './slices.ts';
import { mergeFromOtherTab, theirsForCourse } from './tab-sync.ts';

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

const safeStorage = createSafeStorage(
  () => window.localStorage,
  (problem) => report(problem),
);
/** True while adopting another tab's save: this tab must not write it straight back. */
let adopting = false;
/**
 * Set once a newer version of the app has saved (see `stopSaving`): what this tab last had
 * saved, as JSON, so an edit made since is known to exist only here.
 */
let frozen: string | undefined;
/** The saved state was a newer version's, found while hydrating (before the store exists). */
let newerAtStart = false;

/**
 * What this tab last saved, field by field (see `partialize`), while storage holds exactly
 * that: undefined after a failed write or another tab's save.
 */
let lastSaved: PersistedState | undefined;

/** Whether every saved field of `state` is the very value saved last (nothing to write). */
function unchanged(state: PersistedState): boolean {
  const last = lastSaved;
  if (!last) return false;
  return (Object.keys(state) as (keyof PersistedState)[]).every((key) => state[key] === last[key]);
}

/**
 * Saves, unless adopting another tab's save or outdated by a newer version's, or nothing
 * saved has changed: persist calls this on every change of the store, and most (a run
 * beginning or ending, a case selected) change nothing saved, so they write nothing.
 */
function save(name: string, value: StorageValue<PersistedState>): void {
  if (adopting) return;
  if (frozen !== undefined) {
    if (JSON.stringify(value.state) !== frozen) useAppStore.getState().setUnsaved(true);
    return;
  }
  if (unchanged(value.state)) return;
  lastSaved = value.state;
  safeStorage.setItem(name, value);
}

/** The app's one store, built from slices and persisted through an allowlist. */
export const useAppStore = create<AppState>()(
  persist(createAppSlices, {
    name: STORAGE_KEY,
    version: PERSIST_VERSION,
    storage: { ...safeStorage, setItem: save },
    partialize,
    migrate: (persisted, version) => {
      try {
        return migrate(persisted, version) as PersistedState;
      } catch (error) {
        if (!(error instanceof NewerSaveError)) throw error;
        // Not unreadable, only newer: kept as it is, and this tab starts empty and saves nothing.
        newerAtStart = true;
        frozen = JSON.stringify({});
        return {} as PersistedState;
      }
    },
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
  }),
);

report = (problem) => {
  // A failed write leaves storage behind this tab: the next change writes again, whatever it is.
  if (problem.kind === 'write-failed') lastSaved = undefined;
  const store = useAppStore.getState();
  // Nothing can be saved at all (unavailable) or this write failed: leaving would lose work.
  if (problem.kind === 'write-failed' || problem.kind === 'unavailable') store.setUnsaved(true);
  if (problem.kind === 'write-recovered') store.setUnsaved(false);
  store.pushNotice(toneOf(problem), noticeText(problem));
};
for (const problem of early.splice(0)) report(problem);
if (newerAtStart) stopSaving();

/**
 * A newer version of the app saved: this tab's older shape of the state must not overwrite
 * it, so it stops saving and asks the learner to reload into the new version. Everything it
 * had was saved before (every change is), and the newer version migrated it.
 */
function stopSaving(): void {
  const store = useAppStore.getState();
  frozen ??= JSON.stringify(partialize(store));
  store.setAppUpdate('outdated');
}

/**
 * Another tab saved: merge its state in (see `mergeFromOtherTab`) without saving, since what
 * it saved is already in storage and writing this tab's copy back would undo it.
 */
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY || !event.newValue || frozen !== undefined) return;
    const theirs = readSavedValue(event.newValue);
    if (theirs === 'newer') return stopSaving();
    if (!theirs) return;
    // Their work on the course open here merges; on every other course it is the newer.
    const { flat, others } = theirsForCourse(theirs, useAppStore.getState().courseKey);
    const { patch, writeBack } = mergeFromOtherTab(useAppStore.getState(), flat);
    if (others) patch.courseWork = others;
    adopting = true;
    lastSaved = undefined;
    try {
      useAppStore.setState(patch);
    } finally {
      adopting = false;
    }
    if (writeBack) saveMerged();
  });
}

/**
 * Saves this tab's state after a merge, but with their draft of a lesson in conflict while it
 * is newer than this tab's: until the learner chooses, the save they made stays the saved one.
 */
function saveMerged(): void {
  const state = useAppStore.getState();
  const saved = partialize(state);
  const conflict = state.draftConflict;
  const ours = conflict && stampOf(state.draftStamps, conflict.lessonId);
  if (conflict && ours && compareStamps(conflict.stamp, ours) > 0) {
    saved.drafts = { ...saved.drafts, [conflict.lessonId]: conflict.theirs };
    saved.draftStamps = { ...saved.draftStamps, [conflict.lessonId]: conflict.stamp };
  }
  lastSaved = undefined;
  safeStorage.setItem(STORAGE_KEY, { state: saved, version: PERSIST_VERSION });
}

function toneOf(problem: StorageProblem): 'info' | 'warning' | 'error' {
  if (problem.kind === 'write-recovered') return 'info';
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
      return `Your latest edits could not be saved: ${problem.reason}. They are kept in this tab, so keep it open; copy your code somewhere safe before you close it.`;
    case 'write-recovered':
      return 'Saving works again: your work is saved.';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
