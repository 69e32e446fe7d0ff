import type { StateCreator } from 'zustand';
import { bump, putDraft, type DraftConflict, type DraftsSlice } from './drafts-slice.ts';

export interface SyncSlice {
  /** Another tab's newer draft of a lesson, offered here (declared with the drafts it is one of). */
  draftConflict: DraftConflict | undefined;
  /**
   * Keep this tab's draft or load the other tab's. Either is a change the learner made: the
   * draft gets a stamp newer than both, so it is saved now and the other tab hears it as the
   * newer one (and, if it still shows its own, chooses in turn).
   */
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
      const draft = choice === 'theirs' ? { ...theirs } : { ...state.drafts[lessonId] };
      return {
        draftConflict: undefined,
        ...putDraft(state, lessonId, draft),
        reloads: choice === 'theirs' ? bump(state.reloads, lessonId) : state.reloads,
      };
    }),
});
