import { useEffect } from 'react';
import { findAnchor } from '../../../core/index.ts';
import { monaco } from './monaco-setup.ts';

type CodeEditor = monaco.editor.ICodeEditor;

/** The class of a highlighted line; tests find the decorations by it. */
const ANCHOR_CLASS = 'anchor-line';

const options: monaco.editor.IModelDecorationOptions = {
  isWholeLine: true,
  className: ANCHOR_CLASS,
  linesDecorationsClassName: 'anchor-gutter',
  // Typing at either edge does not stretch the highlight; edits inside it move with it.
  stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
  overviewRuler: { color: '#8f8aff', position: monaco.editor.OverviewRulerLane.Full },
};

/**
 * Highlights the lines of `target.match` in the editor's current text and scrolls them into
 * view. The decorations follow the learner's edits until the target (each request is a new
 * object), the file shown or the editor changes; then they are cleared and set again from
 * the text as it is.
 */
export function useAnchorHighlight(
  editor: CodeEditor | undefined,
  target: { match: string } | undefined,
  shownFile: string,
): void {
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || !target) return;
    const range = findAnchor(model.getValue(), target);
    if (!range) return;
    const collection = editor.createDecorationsCollection([
      { range: new monaco.Range(range.startLine, 1, range.endLine, 1), options },
    ]);
    editor.revealLinesInCenterIfOutsideViewport(range.startLine, range.endLine);
    return () => collection.clear();
  }, [editor, target, shownFile]);
}

/** The highlighted line ranges in a model (for the test hook). */
export function anchorRanges(
  model: monaco.editor.ITextModel,
): { startLine: number; endLine: number }[] {
  return model
    .getAllDecorations()
    .filter((d) => d.options.className === ANCHOR_CLASS)
    .map((d) => ({ startLine: d.range.startLineNumber, endLine: d.range.endLineNumber }));
}
