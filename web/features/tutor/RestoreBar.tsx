import { useEffect, useState } from 'react';
import type { Lesson, Tutor } from '../../../core/index.ts';
import { visibleDraft } from '../../store/drafts-slice.ts';
import { useAppStore } from '../../store/store.ts';
import type { ExperimentSnapshot } from '../../store/tutor-slice.ts';
import type { TutorEditor } from './tutor-editor.ts';

interface Props {
  lesson: Lesson;
  tutor: Tutor;
  editor: TutorEditor | undefined;
}

/**
 * While an experiment's change is in the learner's code: the way back. The code from before
 * it is saved with their drafts, so this survives a reload; restoring is undoable.
 */
export function RestoreBar({ lesson, tutor, editor }: Props) {
  const snapshot = useAppStore((s) => s.experimentSnapshots[lesson.id]);
  const [restored, setRestored] = useState<ExperimentSnapshot>();

  useEffect(() => {
    if (!restored) return;
    // "Undo restore" is offered until the learner edits again; then Ctrl+Z is the way back.
    // The text in the editor, that is: a link's code while one is open, else the draft.
    const at = visibleDraft(useAppStore.getState(), lesson.id);
    return useAppStore.subscribe((state) => {
      if (visibleDraft(state, lesson.id) !== at) setRestored(undefined);
    });
  }, [restored, lesson.id]);

  const restore = () => {
    if (!editor || !snapshot) return;
    for (const [path, text] of Object.entries(snapshot.files)) editor.write(path, text);
    useAppStore.getState().dropSnapshot(lesson.id);
    setRestored(snapshot);
  };
  const undo = () => {
    if (!editor || !restored) return;
    setRestored(undefined);
    const store = useAppStore.getState();
    for (const [path, text] of Object.entries(restored.files)) {
      editor.undo(path);
      store.keepBeforeExperiment(lesson.id, restored.experimentId, path, text);
    }
  };

  if (snapshot) {
    const title = tutor.experiments.find((e) => e.id === snapshot.experimentId)?.title;
    return (
      <div className="restore-bar" role="region" aria-label="Your code">
        <p>
          {title ? (
            <>The experiment “{title}” changed your code.</>
          ) : (
            'An experiment changed your code.'
          )}{' '}
          Your version from before it is kept.
        </p>
        <button type="button" className="button primary" disabled={!editor} onClick={restore}>
          Restore my code
        </button>
      </div>
    );
  }
  if (restored) {
    return (
      <div className="restore-bar done" role="region" aria-label="Your code">
        <p>Your code is back as it was.</p>
        <button type="button" className="button" onClick={undo}>
          Undo restore
        </button>
      </div>
    );
  }
  return null;
}
