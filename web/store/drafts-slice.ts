import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';

/** The learner's edits: per lesson, the text of each file they changed. */
export interface DraftsSlice {
  /** lessonId -> path -> text. Files absent here are the lesson's starter. */
  drafts: Record<string, FileMap>;
  setDraft(lessonId: string, path: string, text: string): void;
}

export const createDraftsSlice: StateCreator<AppState, [], [], DraftsSlice> = (set) => ({
  drafts: {},
  setDraft: (lessonId, path, text) =>
    set((state) => ({
      drafts: { ...state.drafts, [lessonId]: { ...state.drafts[lessonId], [path]: text } },
    })),
});
