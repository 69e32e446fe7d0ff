import { useEffect, useState, type RefObject } from 'react';
import type { Lesson, LessonReport } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { visibleDraft } from '../../store/drafts-slice.ts';
import { editorFiles, ensureLessonModels, getModel, replaceText } from './lesson-models.ts';
import type { TypeIssue } from '../../store/ui-slice.ts';
import { monaco } from './monaco-setup.ts';
import { clearRunMarkers, runMarkersOf, setRunMarkers } from './run-markers.ts';
import { importsSdk, loadSdkTypes } from './sdk-types.ts';
import { installTestHook } from './test-hook.ts';

type CodeEditor = monaco.editor.IStandaloneCodeEditor;

/** True while the store's text is being loaded into models: that is not the learner typing. */
let loading = false;

/**
 * Creates the lesson's models once, from the text the store holds for it (the draft, or code
 * from a share link); the learner's edits flow back through `editFile`. When the store's text
 * changes other than by typing (`reloads`), and whenever the lesson mounts, the models take it.
 */
export function useLessonModels(lesson: Lesson, editor: RefObject<CodeEditor | null>): void {
  useState(() => {
    ensureLessonModels(lesson, visibleDraft(useAppStore.getState(), lesson.id), (path, text) => {
      if (loading) return;
      const store = useAppStore.getState();
      store.editFile(lesson.id, path, text);
      store.markStarted(lesson.id);
    });
    return true;
  });
  useEffect(() => {
    const load = () => {
      const draft = visibleDraft(useAppStore.getState(), lesson.id);
      loading = true;
      try {
        for (const path of editorFiles(lesson)) {
          const model = getModel(lesson.id, path);
          if (!model || lesson.readOnly.includes(path)) continue;
          replaceText(model, draft?.[path] ?? lesson.starter[path] ?? '');
        }
      } finally {
        loading = false;
      }
    };
    load();
    return useAppStore.subscribe((state, previous) => {
      if (state.reloads[lesson.id] !== previous.reloads[lesson.id]) load();
    });
  }, [lesson]);
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

/**
 * Keeps the editor's markers in step with the latest finished run of this lesson: while a run
 * goes, the last one's stay (pressing Run changes nothing in the editor), and markers are set
 * only when they change. A run of the reference solution (a tutor experiment) says nothing
 * about the learner's lines.
 */
export function useRunMarkers(lesson: Lesson): void {
  useEffect(() => {
    const reportOf = (state: ReturnType<typeof useAppStore.getState>) => {
      const run = state.run?.lessonId === lesson.id ? state.run : undefined;
      const finished = run?.phase === 'running' ? run.previous : run;
      return finished?.source === 'reference' ? undefined : finished?.report;
    };
    let applied: string | undefined;
    const apply = (report: LessonReport | undefined) => {
      const found = runMarkersOf(report);
      const key = JSON.stringify(found);
      if (key === applied) return;
      applied = key;
      setRunMarkers(lesson, found);
    };
    apply(reportOf(useAppStore.getState()));
    // A run's markers speak of the code that ran: an edit of a file takes them off it (a syntax
    // error's marker stayed on the line that replaced the broken one), and the next run's
    // markers go on whatever they are.
    const edits = editorFiles(lesson).map((path) =>
      getModel(lesson.id, path)?.onDidChangeContent(() => {
        if (clearRunMarkers(lesson, path)) applied = undefined;
      }),
    );
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.run !== previous.run) apply(reportOf(state));
    });
    return () => {
      unsubscribe();
      for (const edit of edits) edit?.dispose();
    };
  }, [lesson]);
}

/** Loads the real SDK's types for lessons whose files import it; says so if that fails. */
export function useSdkTypes(lesson: Lesson): void {
  useEffect(() => {
    if (!importsSdk(lesson)) return;
    loadSdkTypes().catch((error: unknown) =>
      useAppStore
        .getState()
        .pushNotice(
          'warning',
          `The editor could not load the Anthropic SDK's types (${String(error)}), so it may underline code that is fine. Runs are not affected.`,
        ),
    );
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

/**
 * Hands TypeScript's errors in the lesson's editable files to the store as they change, so
 * the results can list them when a run fails (a squiggle past the editor's edge is easy to miss).
 */
export function useTypeErrors(lesson: Lesson): void {
  useEffect(() => {
    const editable = editorFiles(lesson).filter((p) => !lesson.readOnly.includes(p));
    let last = '';
    const read = () => {
      const issues: TypeIssue[] = [];
      for (const path of editable) {
        const model = getModel(lesson.id, path);
        if (!model) continue;
        for (const marker of monaco.editor.getModelMarkers({
          resource: model.uri,
          owner: 'typescript',
        })) {
          if (marker.severity !== monaco.MarkerSeverity.Error) continue;
          issues.push({
            file: path,
            line: marker.startLineNumber,
            column: marker.startColumn,
            message: flattenMessage(marker.message),
          });
        }
      }
      // Markers change on every keystroke; the store (and what listens to it) only when the
      // errors themselves do.
      const key = JSON.stringify(issues);
      if (key === last) return;
      last = key;
      useAppStore.getState().setTypeErrors(lesson.id, issues);
    };
    read();
    const subscription = monaco.editor.onDidChangeMarkers(read);
    return () => subscription.dispose();
  }, [lesson]);
}

/** TypeScript's message chains come as indented lines; the first says what is wrong. */
function flattenMessage(message: string): string {
  return message.split('\n')[0]?.trim() ?? message;
}
