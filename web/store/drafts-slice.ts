import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { nextStamp, newTabId, stampOf, type DraftStamp } from './draft-stamps.ts';

/** The learner's edits: per lesson, the text of each file they changed. */
export interface DraftsSlice {
  /** lessonId -> path -> text. Files absent here are the lesson's starter. */
  drafts: Record<string, FileMap>;
  /**
   * lessonId -> when its draft was last changed in any tab (see `DraftStamp`): set by a change
   * (`putDraft`), taken with a draft adopted from another tab, never made by a save. Persisted.
   */
  draftStamps: Record<string, DraftStamp>;
  /** This tab's id, in the stamps of the changes it makes. Never persisted. */
  tabId: string;
  /**
   * lessonId -> a counter bumped whenever the lesson's text changes other than by typing
   * (shared code opened, the learner's own code brought back, another tab's draft loaded).
   * The editor reloads its models when it moves. Never persisted.
   */
  reloads: Record<string, number>;
  /** The learner's latest edit in the editor (what watch mode follows); loads never count. */
  lastEdit: { lessonId: string; seq: number } | undefined;
  /**
   * An edit the learner made in the editor. It lands in the draft, or in the shared code
   * while the lesson shows code from a link (which is saved only when the learner keeps it).
   */
  editFile(lessonId: string, path: string, text: string): void;
}

let editSeq = 0;

export const createDraftsSlice: StateCreator<AppState, [], [], DraftsSlice> = (set) => ({
  drafts: {},
  draftStamps: {},
  tabId: newTabId(),
  reloads: {},
  lastEdit: undefined,
  editFile: (lessonId, path, text) =>
    set((state) => {
      const lastEdit = { lessonId, seq: ++editSeq };
      const shared = state.shared[lessonId];
      if (shared) {
        const files = { ...shared.files, [path]: text };
        return {
          lastEdit,
          shared: { ...state.shared, [lessonId]: { ...shared, files, edited: true } },
        };
      }
      return {
        lastEdit,
        ...putDraft(state, lessonId, { ...state.drafts[lessonId], [path]: text }),
      };
    }),
});

/**
 * `files` as the lesson's new draft, stamped as a change this tab made now (later than the
 * draft it replaces, and than the other tab's in a conflict over it): every change to a draft
 * (an edit, code carried forward or kept from a link, a choice in a conflict) goes through
 * here, so another tab's stale copy of the draft before can never win over it.
 */
export function putDraft(
  state: Pick<AppState, 'drafts' | 'draftStamps' | 'tabId' | 'draftConflict'>,
  lessonId: string,
  files: FileMap,
): Pick<AppState, 'drafts' | 'draftStamps'> {
  const conflict = state.draftConflict?.lessonId === lessonId ? state.draftConflict : undefined;
  const stamp = nextStamp(state.tabId, stampOf(state.draftStamps, lessonId), conflict?.stamp);
  return {
    drafts: { ...state.drafts, [lessonId]: files },
    draftStamps: { ...state.draftStamps, [lessonId]: stamp },
  };
}

/** `reloads` with the lesson's counter moved on. */
export function bump(reloads: Record<string, number>, lessonId: string): Record<string, number> {
  return { ...reloads, [lessonId]: (reloads[lessonId] ?? 0) + 1 };
}

/**
 * The text the editor shows for a lesson, over its starter: the shared code while a link's
 * code is open, otherwise the learner's draft.
 */
export function visibleDraft(state: AppState, lessonId: string): FileMap | undefined {
  return state.shared[lessonId]?.files ?? state.drafts[lessonId];
}

/** Every lesson's visible text (see `visibleDraft`), shaped like `drafts`. */
export function visibleDrafts(state: AppState): Record<string, FileMap> {
  const out = { ...state.drafts };
  for (const [lessonId, shared] of Object.entries(state.shared)) out[lessonId] = shared.files;
  return out;
}
