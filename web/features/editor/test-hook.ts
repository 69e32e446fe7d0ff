import { anchorRanges } from './anchor-highlight.ts';
import { getModel, replaceText, solutionUri } from './lesson-models.ts';
import { monaco } from './monaco-setup.ts';

/**
 * A TEST HOOK, present in every build: `window.__theinference`. Typing into Monaco is not
 * exact (auto-close and auto-indent rewrite the text), so end-to-end tests set a file's text
 * through the editor model instead. It does only what the learner could do by typing: the
 * change is an ordinary, undoable edit that flows into the draft like any other.
 */
export interface TestHook {
  /** The lesson the editor shows. */
  lessonId(): string | undefined;
  /** Replaces an editable file's text, e.g. `setFile('src/loop.ts', text)`. */
  setFile(path: string, text: string): void;
  /** The text of a file in the editor, or undefined when the lesson has no such file. */
  getFile(path: string): string | undefined;
  /** The editor's file and cursor (1-based), or undefined before the editor exists. */
  cursor(): { file: string; line: number; column: number } | undefined;
  /** The first and last line the editor shows (1-based), or undefined before it exists. */
  visibleLines(): { first: number; last: number } | undefined;
  /** The markers (diagnostics) on a file: run results and the TypeScript checker's alike. */
  markers(path: string): { line: number; column: number; message: string; source?: string }[];
  /**
   * The line ranges highlighted for the tutor (1-based, inclusive) in a file, or with
   * `'reference'` in the reference solution view's copy of it.
   */
  highlights(path: string, view?: 'code' | 'reference'): { startLine: number; endLine: number }[];
}

declare global {
  interface Window {
    __theinference?: TestHook;
  }
}

export function installTestHook(
  getLessonId: () => string | undefined,
  isReadOnly: (path: string) => boolean,
  getEditor: () => monaco.editor.ICodeEditor | null,
): () => void {
  const hook: TestHook = {
    lessonId: getLessonId,
    setFile(path, text) {
      const lessonId = getLessonId();
      const model = lessonId ? getModel(lessonId, path) : null;
      if (!model) throw new Error(`no editor file ${path} in lesson ${lessonId ?? '(none)'}`);
      if (isReadOnly(path)) throw new Error(`${path} is read-only`);
      replaceText(model, text);
    },
    getFile(path) {
      const lessonId = getLessonId();
      return (lessonId ? getModel(lessonId, path)?.getValue() : undefined) ?? undefined;
    },
    cursor() {
      const editor = getEditor();
      const position = editor?.getPosition();
      const uri = editor?.getModel()?.uri.path;
      if (!position || !uri) return undefined;
      const file = uri.split('/').slice(2).join('/');
      return { file, line: position.lineNumber, column: position.column };
    },
    visibleLines() {
      const ranges = getEditor()?.getVisibleRanges() ?? [];
      const first = ranges[0];
      const last = ranges[ranges.length - 1];
      return first && last ? { first: first.startLineNumber, last: last.endLineNumber } : undefined;
    },
    markers(path) {
      const lessonId = getLessonId();
      const model = lessonId ? getModel(lessonId, path) : null;
      if (!model) return [];
      return monaco.editor.getModelMarkers({ resource: model.uri }).map((m) => ({
        line: m.startLineNumber,
        column: m.startColumn,
        message: m.message,
        ...(m.source ? { source: m.source } : {}),
      }));
    },
    highlights(path, view = 'code') {
      const lessonId = getLessonId();
      if (!lessonId) return [];
      const model =
        view === 'code'
          ? getModel(lessonId, path)
          : monaco.editor.getModel(solutionUri(lessonId, path));
      return model ? anchorRanges(model) : [];
    },
  };
  window.__theinference = hook;
  return () => {
    if (window.__theinference === hook) delete window.__theinference;
  };
}
