import type { FileMap, Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { monaco } from './monaco-setup.ts';

/**
 * Another course opened: its lessons may have the same ids as this one's, so the lesson
 * models (and the solution view's) go, to be made again from the new course's drafts. The
 * app shell switches only once the editor is gone (App.tsx, CourseGate). The SDK's types are
 * extra libraries, not models, and stay.
 */
useAppStore.subscribe((state, previous) => {
  if (state.courseKey === previous.courseKey) return;
  for (const model of monaco.editor.getModels()) {
    if (model.uri.scheme === 'file') model.dispose();
  }
});

/**
 * Every lesson file is a TypeScript model with a `file:///` URI, so imports between the
 * learner's files type-check as they type. Each lesson has its own folder, so a lesson's
 * models (and their undo history) live on when the learner visits another one.
 */
export function fileUri(lessonId: string, path: string): monaco.Uri {
  return monaco.Uri.parse(`file:///${lessonId}/${path}`);
}

/** The solution view's copies of a file: the learner's text and the reference, side by side. */
export function solutionUri(
  lessonId: string,
  path: string,
  side: 'yours' | 'solution' = 'solution',
) {
  return monaco.Uri.parse(`file:///${lessonId}/${path.replace(/\.ts$/, '')}.${side}.ts`);
}

/** The editor's path string for a file (what @monaco-editor/react calls `path`). */
export function filePath(lessonId: string, path: string): string {
  return fileUri(lessonId, path).toString();
}

/** The files the editor shows: the lesson's `src/` files, entry first, read-only files last. */
export function editorFiles(lesson: Lesson): string[] {
  const paths = Object.keys(lesson.starter).filter((p) => p.startsWith('src/'));
  const rank = (p: string) => (p === lesson.entry ? 0 : lesson.readOnly.includes(p) ? 2 : 1);
  return paths.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Gets the lesson's models, creating any that do not exist from the draft or the starter.
 * `onEdit` hears every change to an editable file, for the lifetime of the model.
 *
 * The files an entry imports are created before it. Monaco's TypeScript worker checks a model
 * the moment it is created, having synced only that model (eager sync covers the models that
 * exist when the worker starts, not the next lesson's): an entry made first was checked before
 * its `./types` reached the worker, and kept "Cannot find module './types'" until an edit.
 */
export function ensureLessonModels(
  lesson: Lesson,
  draft: FileMap | undefined,
  onEdit: (path: string, text: string) => void,
): void {
  for (const path of [...editorFiles(lesson)].reverse()) {
    const uri = fileUri(lesson.id, path);
    if (monaco.editor.getModel(uri)) continue;
    const readOnly = lesson.readOnly.includes(path);
    const starter = lesson.starter[path] ?? '';
    const model = monaco.editor.createModel(
      readOnly ? starter : (draft?.[path] ?? starter),
      'typescript',
      uri,
    );
    if (!readOnly) model.onDidChangeContent(() => onEdit(path, model.getValue()));
  }
}

export function getModel(lessonId: string, path: string): monaco.editor.ITextModel | null {
  return monaco.editor.getModel(fileUri(lessonId, path));
}

/** The learner's files as they stand in the editor (read-only files come from the lesson). */
export function currentFiles(lesson: Lesson): FileMap {
  const files: FileMap = { ...lesson.starter };
  for (const path of editorFiles(lesson)) {
    const model = getModel(lesson.id, path);
    if (model && !lesson.readOnly.includes(path)) files[path] = model.getValue();
  }
  return files;
}

/**
 * Replaces a model's text as one undoable edit, so Ctrl+Z brings the previous text back
 * (used by Reset, the tutor and the test hook). Only the span that differs is replaced, so
 * highlights, markers and the view outside it stay where they are.
 */
export function replaceText(model: monaco.editor.ITextModel, text: string): void {
  const old = model.getValue();
  if (old === text) return;
  const max = Math.min(old.length, text.length);
  let start = 0;
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < max - start &&
    old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)
  ) {
    end++;
  }
  const range = monaco.Range.fromPositions(
    model.getPositionAt(start),
    model.getPositionAt(old.length - end),
  );
  model.pushStackElement();
  model.pushEditOperations([], [{ range, text: text.slice(start, text.length - end) }], () => null);
  model.pushStackElement();
}
