import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import type { DraftStamp } from './draft-stamps.ts';
import { bump, putDraft } from './drafts-slice.ts';

/** Another tab saved a newer, different draft of the lesson open here; the learner has not chosen yet. */
export interface DraftConflict {
  lessonId: string;
  /** The other tab's draft, as it saved it last. */
  theirs: FileMap;
  /** When they changed it (newer than this tab's draft when it came). */
  stamp: DraftStamp;
}

export interface SyncSlice {
  draftConflict: DraftConflict | undefined;
  /**
   * Keep this tab's draft or load the other tab's. Either is a change the learner made: the
   * draft gets a stamp newer than both, so it is saved now and the other tab hears it as the
   * newer one (and, if it still shows its own, chooses in turn).
   */
  resolveDraftConflict(choice: 'mine' | 'theirs'): void;
}

export const createSyncSlice: StateCreator<AppState, [], [], SyncSlice> = (set) => ({
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
