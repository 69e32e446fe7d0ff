import type { StateCreator } from 'zustand';
import type { FileMap } from '../../core/index.ts';
import { nextStamp, newTabId, stampOf, type DraftStamp } from './draft-stamps.ts';

/**
 * The learner's text per lesson: their drafts, and code opened from a share link, shown in a
 * draft's place. Two slices in one file, since each writes the other's fields: an edit lands in
 * the shared code while one is open, and keeping the shared code makes it the draft.
 */

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

/** Another tab saved a newer, different draft of the lesson open here; the learner has not chosen yet. */
export interface DraftConflict {
  lessonId: string;
  /** The other tab's draft, as it saved it last. */
  theirs: FileMap;
  /** When they changed it (newer than this tab's draft when it came). */
  stamp: DraftStamp;
}

/**
 * The conflict over a draft, read by every change to one (`putDraft`: the change is stamped
 * past their draft too). The sync slice holds and settles it (`SyncSlice`, which writes the
 * drafts); it is declared here, below both, so neither file imports the other back.
 */
export interface ConflictField {
  draftConflict: DraftConflict | undefined;
}

/** What both slices read and write, and the conflict their changes to a draft read. */
type LessonText = DraftsSlice & ShareSlice & ConflictField;

let editSeq = 0;

export const createDraftsSlice: StateCreator<LessonText, [], [], DraftsSlice> = (set) => ({
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

export const createShareSlice: StateCreator<LessonText, [], [], ShareSlice> = (set) => ({
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

/**
 * `files` as the lesson's new draft, stamped as a change this tab made now (later than the
 * draft it replaces, and than the other tab's in a conflict over it): every change to a draft
 * (an edit, code carried forward or kept from a link, a choice in a conflict) goes through
 * here, so another tab's stale copy of the draft before can never win over it.
 */
export function putDraft(
  state: Pick<DraftsSlice, 'drafts' | 'draftStamps' | 'tabId'> & ConflictField,
  lessonId: string,
  files: FileMap,
): Pick<DraftsSlice, 'drafts' | 'draftStamps'> {
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
export function visibleDraft(
  state: Pick<LessonText, 'drafts' | 'shared'>,
  lessonId: string,
): FileMap | undefined {
  return state.shared[lessonId]?.files ?? state.drafts[lessonId];
}

/** Every lesson's visible text (see `visibleDraft`), shaped like `drafts`. */
export function visibleDrafts(
  state: Pick<LessonText, 'drafts' | 'shared'>,
): Record<string, FileMap> {
  const out = { ...state.drafts };
  for (const [lessonId, shared] of Object.entries(state.shared)) out[lessonId] = shared.files;
  return out;
}

/** Two drafts hold the same text for every file (absent and empty drafts are alike). */
export function sameFiles(a: FileMap | undefined, b: FileMap | undefined): boolean {
  const left = a ?? {};
  const right = b ?? {};
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((k) => Object.prototype.hasOwnProperty.call(right, k) && left[k] === right[k]);
}
