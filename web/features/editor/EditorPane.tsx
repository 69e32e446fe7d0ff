import Editor, { type OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { FileTabs, tabId } from './FileTabs.tsx';
import { editorFiles, filePath } from './lesson-models.ts';
import { monaco, monacoTheme } from './monaco-setup.ts';
import { useAnchorHighlight } from './anchor-highlight.ts';
import { EditorActions } from './EditorActions.tsx';
import { openingPlace } from './opening-place.ts';
import { useTabEscape } from './use-tab-escape.ts';
import { useEditorApi, type EditorApi } from './editor-api.ts';
import { SolutionView } from './SolutionView.tsx';
import {
  useLessonModels,
  useReveal,
  useRunMarkers,
  useSdkTypes,
  useTypeErrors,
} from './use-editor-sync.ts';
import './editor.css';

interface Props {
  lesson: Lesson;
  dark: boolean;
  onRun(): void;
  /** The run controls, composed in by the app shell. */
  toolbar: ReactNode;
  /** Controls beside Reset in the files' row (Download), composed in by the app shell. */
  fileActions?: ReactNode;
  /** Receives the editor's API once it is mounted (undefined when it goes). */
  onApi?(api: EditorApi | undefined): void;
}

const PANEL_ID = 'editor-panel';
/** Monaco's toggle for "Tab moves focus". */
const TAB_MODE_KEYS =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌃⇧M' : 'Ctrl+M';

/** The learner's files in Monaco, one tab each; keyed by lesson in the shell. */
export default function EditorPane({ lesson, dark, onRun, toolbar, fileActions, onApi }: Props) {
  const files = useMemo(() => editorFiles(lesson), [lesson]);
  const [active, setActive] = useState(lesson.entry);
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const [mounted, setMounted] = useState<monaco.editor.IStandaloneCodeEditor>();
  const onRunRef = useRef(onRun);
  const solutionOpen = useAppStore((s) => s.solutionOpen);
  const fontSize = useAppStore((s) => s.fontSize);
  const wordWrap = useAppStore((s) => s.wordWrap);
  const setEditorReady = useAppStore((s) => s.setEditorReady);
  useEffect(() => {
    onRunRef.current = onRun;
  });
  useLessonModels(lesson, editor);
  useRunMarkers(lesson);
  useReveal(lesson, editor, files, setActive);
  useSdkTypes(lesson);
  useTypeErrors(lesson);
  const highlight = useEditorApi(lesson, files, setActive, mounted && onApi);
  const inCode = highlight?.in === 'code' && highlight.file === active ? highlight : undefined;
  useAnchorHighlight(mounted, inCode, active);
  const tab = useTabEscape(mounted);
  useEffect(() => () => setEditorReady(false), [setEditorReady]);

  const onMount = useCallback<OnMount>(
    (instance) => {
      editor.current = instance;
      setMounted(instance);
      instance.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => onRunRef.current());
      // The lesson opens where the work is: its first TODO, not line 1 of a long file.
      const text = instance.getModel()?.getValue() ?? '';
      const place = openingPlace(text, lesson.starter[lesson.entry] ?? '');
      if (place) {
        const position = { lineNumber: place.line, column: place.column };
        instance.setPosition(position);
        instance.revealPositionInCenter(position);
      }
      setEditorReady(true);
    },
    [setEditorReady, lesson],
  );

  const readOnly = lesson.readOnly.includes(active);
  return (
    <section className="editor-pane" aria-label="Code">
      <div className="editor-toolbar">{toolbar}</div>
      <div className="editor-tabs-row">
        <FileTabs
          files={files}
          active={active}
          readOnly={lesson.readOnly}
          panelId={PANEL_ID}
          onSelect={setActive}
        />
        <div className="editor-row-actions">
          <EditorActions lesson={lesson} />
          {fileActions}
        </div>
      </div>
      <div
        id={PANEL_ID}
        role="tabpanel"
        aria-labelledby={tabId(active)}
        className={`editor-host${readOnly ? ' read-only' : ''}`}
      >
        {readOnly && (
          <p className="read-only-banner">
            Read-only: the grader always uses the lesson&apos;s copy of this file.
          </p>
        )}
        {solutionOpen && (
          <SolutionView
            lesson={lesson}
            dark={dark}
            highlight={highlight?.in === 'reference' ? highlight : undefined}
          />
        )}
        <div className="editor-frame" hidden={solutionOpen}>
          <Editor
            path={filePath(lesson.id, active)}
            language="typescript"
            theme={monacoTheme(dark)}
            loading={<p className="editor-loading">Loading the editor…</p>}
            onMount={onMount}
            // The lesson's models are its own (lesson-models.ts): leaving the lesson keeps them,
            // and their undo history, for when the learner comes back.
            keepCurrentModel
            options={{
              readOnly,
              domReadOnly: readOnly,
              readOnlyMessage: { value: 'This file is read-only: the grader uses its own copy.' },
              ariaLabel: `Editor: ${active}${readOnly ? ' (read-only)' : ''}. Press Escape, then Tab, to leave the editor.`,
              fontSize,
              lineHeight: Math.round(fontSize * 1.45),
              minimap: { enabled: false },
              scrollBeyondLastLine: false,
              // The starters' comments are prose: wrapped, they read whole at any width, and a
              // long line no longer scrolls every line's start out of view.
              wordWrap: wordWrap ? 'on' : 'off',
              wrappingIndent: 'same',
              // The last line's number in the normal colour: the dimmed one is all but unreadable.
              renderFinalNewline: 'on',
              // Unused code is faded to a contrast nobody can read (the starter's parameters
              // are unused until the learner writes the loop); TypeScript's hint still says so.
              showUnused: false,
              automaticLayout: true,
              tabSize: 2,
              fixedOverflowWidgets: true,
              padding: { top: 12, bottom: 12 },
              renderLineHighlight: readOnly ? 'none' : 'line',
            }}
          />
          {tab.focused && (
            <p className="tab-hint" aria-hidden="true">
              {tab.armed ? (
                <>
                  <kbd>Tab</kbd> now leaves the editor
                </>
              ) : (
                <>
                  <kbd>Esc</kbd> then <kbd>Tab</kbd> leaves the editor · <kbd>{TAB_MODE_KEYS}</kbd>{' '}
                  makes Tab move focus
                </>
              )}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
