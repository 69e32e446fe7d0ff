import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { useAnchorHighlight } from './anchor-highlight.ts';
import { editorFiles, getModel, solutionUri } from './lesson-models.ts';
import { monaco, monacoTheme } from './monaco-setup.ts';

interface Props {
  lesson: Lesson;
  dark: boolean;
  /** Lines of the reference to point at (the tutor's "show it in the reference solution"). */
  highlight?: { file: string; match: string };
}

/**
 * The reference solution beside the learner's code, as a read-only diff. The learner's text is
 * copied when the view opens; their own models are never touched.
 */
export function SolutionView({ lesson, dark, highlight }: Props) {
  const files = editorFiles(lesson);
  const changed = files.filter(
    (p) => lesson.reference[p] !== lesson.starter[p] || p === highlight?.file,
  );
  const [chosen, setChosen] = useState(changed[0] ?? lesson.entry);
  const [shownFor, setShownFor] = useState<Props['highlight']>();
  const [yours] = useState(() =>
    Object.fromEntries(files.map((p) => [p, getModel(lesson.id, p)?.getValue() ?? ''])),
  );
  const [diff, setDiff] = useState<monaco.editor.IStandaloneDiffEditor>();
  const markSolutionSeen = useAppStore((s) => s.markSolutionSeen);
  const wordWrap = useAppStore((s) => s.wordWrap);
  // Seen is seen: from here on the tutor may point into the reference too.
  useEffect(() => markSolutionSeen(lesson.id), [markSolutionSeen, lesson.id]);
  // A new highlight request shows its file (state adjusted while rendering, not in an effect).
  if (highlight !== shownFor) {
    setShownFor(highlight);
    if (highlight && changed.includes(highlight.file)) setChosen(highlight.file);
  }
  const file = chosen;
  useAnchorHighlight(
    diff?.getModifiedEditor(),
    highlight?.file === file ? highlight : undefined,
    file,
  );
  useDetachOnUnmount(diff, lesson.id, files);
  const onMount: DiffOnMount = (instance) => setDiff(instance);
  return (
    <div className="solution-view">
      <div className="solution-header">
        <span className="solution-label">
          Your code <span className="solution-legend">(lines only you have: red)</span>
        </span>
        {changed.length > 1 && (
          <label className="solution-file">
            File{' '}
            <select value={file} onChange={(e) => setChosen(e.target.value)}>
              {changed.map((p) => (
                <option key={p}>{p}</option>
              ))}
            </select>
          </label>
        )}
        <span className="solution-label">
          Reference solution <span className="solution-legend">(lines only it has: green)</span>
        </span>
      </div>
      <DiffEditor
        original={yours[file] ?? ''}
        modified={lesson.reference[file] ?? ''}
        originalModelPath={solutionUri(lesson.id, file, 'yours').toString()}
        modifiedModelPath={solutionUri(lesson.id, file).toString()}
        language="typescript"
        theme={monacoTheme(dark)}
        loading={<p className="editor-loading">Loading the solution…</p>}
        onMount={onMount}
        // The models are ours to dispose, after the widget lets go of them (see below).
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          // Side by side where there is room; one column with both colours where there is not.
          renderSideBySideInlineBreakpoint: 700,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          automaticLayout: true,
          fontSize: 13,
          wordWrap: wordWrap ? 'on' : 'off',
          wrappingIndent: 'same',
          ariaLabel: 'Reference solution',
          originalAriaLabel: 'Your code',
        }}
      />
    </div>
  );
}

/**
 * @monaco-editor/react disposes a diff editor's models before the widget that holds them,
 * which Monaco reports as "TextModel got disposed before DiffEditorWidget model got reset".
 * So the component keeps its models, and this detaches them from the widget first and then
 * disposes them (every file's pair, as switching files leaves the earlier pair behind). A
 * layout effect's cleanup runs before the component's own (passive) cleanup disposes the widget.
 */
function useDetachOnUnmount(
  diff: monaco.editor.IStandaloneDiffEditor | undefined,
  lessonId: string,
  files: readonly string[],
): void {
  const [paths] = useState(files);
  useLayoutEffect(() => {
    if (!diff) return;
    return () => {
      diff.setModel(null);
      for (const path of paths) {
        for (const side of ['yours', 'solution'] as const) {
          monaco.editor.getModel(solutionUri(lessonId, path, side))?.dispose();
        }
      }
    };
  }, [diff, lessonId, paths]);
}
