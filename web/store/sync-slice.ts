import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import { bump, type DraftsSlice } from './drafts-slice.ts';

/** Another tab saved a different draft of the lesson open here; the learner has not chosen yet. */
export interface DraftConflict {
  lessonId: string;
  /** The other tab's draft, as it saved it last. */
  theirs: FileMap;
}

export interface SyncSlice {
  draftConflict: DraftConflict | undefined;
  /** Keep this tab's draft (saved again now, so storage holds it) or load the other tab's. */
  resolveDraftConflict(choice: 'mine' | 'theirs'): void;
}

/** What this slice reads and writes: its own fields, and the drafts (a choice writes one). */
type Fields = SyncSlice & DraftsSlice;

export const createSyncSlice: StateCreator<Fields, [], [], SyncSlice> = (set) => ({
  draftConflict: undefined,
  resolveDraftConflict: (choice) =>
    set((state) => {
      const conflict = state.draftConflict;
      if (!conflict) return state;
      const { lessonId, theirs } = conflict;
      // A fresh drafts object either way, so the store saves it and the other tab hears.
      const draft = choice === 'theirs' ? { ...theirs } : { ...state.drafts[lessonId] };
      return {
        draftConflict: undefined,
        drafts: { ...state.drafts, [lessonId]: draft },
        reloads: choice === 'theirs' ? bump(state.reloads, lessonId) : state.reloads,
      };
    }),
});
