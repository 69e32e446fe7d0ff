import { useEffect, useState } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { editorFiles, getModel, replaceText } from './lesson-models.ts';

/** Reset to the starter (undoable) and Show solution (after a first attempt). */
export function EditorActions({ lesson }: { lesson: Lesson }) {
  // Only whether there was a first run: the count grows on every Run, the actions need not.
  const attempted = useAppStore((s) => (s.progress[lesson.id]?.attempts ?? 0) > 0);
  const solutionOpen = useAppStore((s) => s.solutionOpen);
  const setSolutionOpen = useAppStore((s) => s.setSolutionOpen);
  const [resetModels, setResetModels] = useState<string[]>([]);

  useEffect(() => {
    if (resetModels.length === 0) return;
    // Offer Undo only until the learner edits again; after that, Ctrl+Z is the way back.
    const subscriptions = resetModels.map((path) =>
      getModel(lesson.id, path)?.onDidChangeContent(() => setResetModels([])),
    );
    return () => subscriptions.forEach((s) => s?.dispose());
  }, [lesson.id, resetModels]);

  const reset = () => {
    const changed: string[] = [];
    for (const path of editorFiles(lesson)) {
      const model = getModel(lesson.id, path);
      const starter = lesson.starter[path] ?? '';
      if (!model || lesson.readOnly.includes(path) || model.getValue() === starter) continue;
      replaceText(model, starter);
      changed.push(path);
    }
    setSolutionOpen(false);
    setResetModels(changed);
  };
  const undo = () => {
    const paths = resetModels;
    setResetModels([]);
    for (const path of paths) getModel(lesson.id, path)?.undo();
  };

  return (
    <div className="editor-actions">
      {resetModels.length > 0 ? (
        <button type="button" className="button" onClick={undo}>
          Undo reset
        </button>
      ) : (
        <button type="button" className="button ghost" onClick={reset}>
          Reset
        </button>
      )}
      <button
        type="button"
        className="button ghost"
        aria-pressed={solutionOpen}
        disabled={!attempted && !solutionOpen}
        title={attempted ? undefined : 'Available after your first run'}
        onClick={() => setSolutionOpen(!solutionOpen)}
      >
        {solutionOpen ? 'Hide solution' : 'Show solution'}
      </button>
    </div>
  );
}
