import { useEffect, useState, type RefObject } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { ensureLessonModels, getModel } from './lesson-models.ts';
import type { monaco } from './monaco-setup.ts';
import { setRunMarkers } from './run-markers.ts';
import { installTestHook } from './test-hook.ts';

type CodeEditor = monaco.editor.IStandaloneCodeEditor;

/** Creates the lesson's models once, from the saved draft; edits flow back into the draft. */
export function useLessonModels(lesson: Lesson, editor: RefObject<CodeEditor | null>): void {
  useState(() => {
    ensureLessonModels(lesson, useAppStore.getState().drafts[lesson.id], (path, text) => {
      const store = useAppStore.getState();
      store.setDraft(lesson.id, path, text);
      store.markStarted(lesson.id);
    });
    return true;
  });
  useEffect(
    () =>
      installTestHook(
        () => lesson.id,
        (path) => lesson.readOnly.includes(path),
        () => editor.current,
      ),
    [lesson, editor],
  );
}

/** Keeps the editor's markers in step with the latest run of this lesson. */
export function useRunMarkers(lesson: Lesson): void {
  useEffect(() => {
    const reportOf = (run: ReturnType<typeof useAppStore.getState>['run']) =>
      run?.lessonId === lesson.id ? run.report : undefined;
    setRunMarkers(lesson, reportOf(useAppStore.getState().run));
    return useAppStore.subscribe((state, previous) => {
      if (state.run !== previous.run) setRunMarkers(lesson, reportOf(state.run));
    });
  }, [lesson]);
}

/** Moves the cursor to a place a stack frame or compile error names, switching tabs if needed. */
export function useReveal(
  lesson: Lesson,
  editor: RefObject<CodeEditor | null>,
  files: readonly string[],
  setActive: (path: string) => void,
): void {
  useEffect(
    () =>
      useAppStore.subscribe((state, previous) => {
        const target = state.reveal;
        if (!target || target === previous.reveal || !files.includes(target.file)) return;
        const model = getModel(lesson.id, target.file);
        const instance = editor.current;
        if (!model || !instance) return;
        if (instance.getModel() !== model) instance.setModel(model);
        setActive(target.file);
        const position = { lineNumber: target.line, column: Math.max(target.column, 1) };
        instance.setPosition(position);
        instance.revealPositionInCenter(position);
        instance.focus();
      }),
    [lesson, editor, files, setActive],
  );
}
