import type { StateCreator } from 'zustand';

/** A message the app owes the learner (saved state unreadable, storage full, ...). */
export interface Notice {
  id: number;
  tone: 'info' | 'warning' | 'error';
  text: string;
}

/** A place in a learner file to move the cursor to (from a stack frame or a compile error). */
export interface RevealRequest {
  file: string;
  line: number;
  column: number;
  /** Distinguishes two requests for the same place, so each one moves the cursor. */
  nonce: number;
}

/** An error TypeScript reports in a learner file (the editor's squiggles, as a list). */
export interface TypeIssue {
  file: string;
  line: number;
  column: number;
  message: string;
}

export interface UiSlice {
  notices: Notice[];
  reveal: RevealRequest | undefined;
  solutionOpen: boolean;
  editorReady: boolean;
  /** The latest save failed: the work lives only in this tab until a save succeeds. */
  unsaved: boolean;
  /** lessonId -> TypeScript's errors in the learner's files now, as the editor has them. */
  typeErrors: Record<string, TypeIssue[]>;
  pushNotice(tone: Notice['tone'], text: string): void;
  dismissNotice(id: number): void;
  setUnsaved(unsaved: boolean): void;
  requestReveal(file: string, line: number, column: number): void;
  setSolutionOpen(open: boolean): void;
  setEditorReady(ready: boolean): void;
  setTypeErrors(lessonId: string, issues: TypeIssue[]): void;
}

let nextNotice = 1;
let nextReveal = 1;

export const createUiSlice: StateCreator<UiSlice> = (set) => ({
  notices: [],
  reveal: undefined,
  solutionOpen: false,
  editorReady: false,
  unsaved: false,
  typeErrors: {},
  pushNotice: (tone, text) =>
    set((state) =>
      state.notices.some((n) => n.text === text)
        ? state
        : { notices: [...state.notices, { id: nextNotice++, tone, text }] },
    ),
  dismissNotice: (id) => set((state) => ({ notices: state.notices.filter((n) => n.id !== id) })),
  setUnsaved: (unsaved) => set({ unsaved }),
  requestReveal: (file, line, column) =>
    set({ reveal: { file, line, column, nonce: nextReveal++ } }),
  setSolutionOpen: (solutionOpen) => set({ solutionOpen }),
  setEditorReady: (editorReady) => set({ editorReady }),
  setTypeErrors: (lessonId, issues) =>
    set((state) => ({ typeErrors: { ...state.typeErrors, [lessonId]: issues } })),
});
