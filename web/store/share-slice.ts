import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { bump, putDraft } from './drafts-slice.ts';

/**
 * Code opened from a share link. It is shown in the editor instead of the learner's draft and
 * never run until they press Run. It is held in memory only: the draft is replaced when, and
 * only when, the learner chooses "Keep the shared code"; their edits to it are held here too.
 */
export interface SharedCode {
  /** The link's files over the starter, plus any the learner has edited since. */
  files: FileMap;
  /** True once the learner edited it: those edits are lost unless they keep it. */
  edited: boolean;
}

export interface ShareSlice {
  /** lessonId -> the shared code open in that lesson. Never persisted. */
  shared: Record<string, SharedCode>;
  openShared(lessonId: string, files: FileMap): void;
  /** "Keep the shared code": it becomes the lesson's draft. */
  keepShared(lessonId: string): void;
  /** "Back to my code": the shared code goes, the draft (untouched all along) comes back. */
  closeShared(lessonId: string): void;
}

export const createShareSlice: StateCreator<AppState, [], [], ShareSlice> = (set) => ({
  shared: {},
  openShared: (lessonId, files) =>
    set((state) => ({
      shared: { ...state.shared, [lessonId]: { files: { ...files }, edited: false } },
      reloads: bump(state.reloads, lessonId),
    })),
  keepShared: (lessonId) =>
    set((state) => {
      const kept = state.shared[lessonId];
      if (!kept) return state;
      const { [lessonId]: _kept, ...shared } = state.shared;
      return { shared, ...putDraft(state, lessonId, { ...kept.files }) };
    }),
  closeShared: (lessonId) =>
    set((state) => {
      if (!state.shared[lessonId]) return state;
      const { [lessonId]: _closed, ...shared } = state.shared;
      return { shared, reloads: bump(state.reloads, lessonId) };
    }),
});
