import { useEffect, useState } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { fileUri, getModel, replaceText } from './lesson-models.ts';
import { monaco } from './monaco-setup.ts';
import { lessonParses } from './syntax-check.ts';

/** Lines to point at: the first occurrence of `match` in `file`. */
export interface HighlightTarget {
  file: string;
  match: string;
  /** `code`: the learner's file in the editor; `reference`: the reference solution view. */
  in: 'code' | 'reference';
}

/**
 * What the rest of the app may do with the editor. The editor hands it to the app shell when
 * it mounts, and the shell passes it on (to the tutor), so no feature reaches into Monaco.
 */
export interface EditorApi {
  /** The text of a lesson file as the editor holds it. */
  read(path: string): string | undefined;
  /** Replaces an editable file's text as one undoable edit (Ctrl+Z brings the old text back). */
  write(path: string, text: string): void;
  /** Undoes the last edit of a file. */
  undo(path: string): void;
  /** Calls `listener` whenever the file's text changes (also when its model is replaced). */
  onChange(path: string, listener: () => void): () => void;
  /** Highlights lines and scrolls them into view, switching file or view as needed; undefined clears. */
  highlight(target: HighlightTarget | undefined): void;
  /** Whether the learner's files parse as TypeScript (types aside): see syntax-check.ts. */
  parses(): Promise<boolean>;
}

/** Builds the lesson's EditorApi, hands it out, and returns the current highlight request. */
export function useEditorApi(
  lesson: Lesson,
  files: readonly string[],
  setActive: (path: string) => void,
  onApi: ((api: EditorApi | undefined) => void) | undefined,
): HighlightTarget | undefined {
  const [target, setTarget] = useState<HighlightTarget>();
  useEffect(() => {
    if (!onApi) return;
    const model = (path: string) => {
      const found = getModel(lesson.id, path);
      if (!found) throw new Error(`no editor file ${path} in lesson ${lesson.id}`);
      return found;
    };
    onApi({
      read: (path) => getModel(lesson.id, path)?.getValue(),
      write(path, text) {
        if (lesson.readOnly.includes(path)) throw new Error(`${path} is read-only`);
        replaceText(model(path), text);
      },
      undo: (path) => void model(path).undo(),
      onChange(path, listener) {
        let content: monaco.IDisposable | undefined;
        const attach = () => {
          content?.dispose();
          content = getModel(lesson.id, path)?.onDidChangeContent(listener);
        };
        attach();
        const uri = fileUri(lesson.id, path).toString();
        const created = monaco.editor.onDidCreateModel((m) => {
          if (m.uri.toString() !== uri) return;
          attach();
          listener();
        });
        return () => {
          content?.dispose();
          created.dispose();
        };
      },
      parses: () => lessonParses(lesson),
      highlight(next) {
        // A fresh object each time, so asking for the same lines again scrolls to them again.
        setTarget(next && { ...next });
        if (!next) return;
        const { setSolutionOpen } = useAppStore.getState();
        setSolutionOpen(next.in === 'reference');
        if (next.in === 'code' && files.includes(next.file)) setActive(next.file);
      },
    });
    return () => onApi(undefined);
  }, [lesson, files, setActive, onApi]);
  return target;
}
