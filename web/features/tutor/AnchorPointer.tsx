import { useEffect } from 'react';
import { findAnchor, type Lesson, type TutorAnchor } from '../../../core/index.ts';
import type { TutorEditor } from './tutor-editor.ts';
import { useLessonFile } from './use-lesson-file.ts';
import { useTutorProgress } from './use-tutor-progress.ts';

interface Props {
  lesson: Lesson;
  anchor: TutorAnchor;
  editor: TutorEditor | undefined;
  /** While on screen, the anchored lines are highlighted in the editor. */
  visible: boolean;
}

/**
 * Where the text being explained is: highlighted in the learner's code when it is there.
 * Otherwise it is what they are building, said in words; the reference solution is offered
 * only once they have passed or asked for it (Show solution).
 */
export function AnchorPointer({ lesson, anchor, editor, visible }: Props) {
  const text = useLessonFile(editor, anchor.file);
  const range = text === undefined ? undefined : findAnchor(text, anchor);
  const found = range !== undefined;
  const inReference = findAnchor(lesson.reference[anchor.file] ?? '', anchor) !== undefined;
  const { unlocked } = useTutorProgress(lesson.id);

  useEffect(() => {
    if (!visible || !editor) return;
    editor.highlight(found ? { ...anchor, in: 'code' } : undefined);
    return () => editor.highlight(undefined);
  }, [visible, editor, anchor, found]);

  const name = anchor.file.replace(/^src\//, '');
  if (!editor) return null;
  if (range) {
    const lines =
      range.startLine === range.endLine
        ? `line ${range.startLine}`
        : `lines ${range.startLine}–${range.endLine}`;
    return (
      <p className="anchor-pointer">
        <span className="anchor-swatch" aria-hidden="true" />
        <span>
          Highlighted in your code:{' '}
          <button
            type="button"
            className="link"
            onClick={() => editor?.highlight({ ...anchor, in: 'code' })}
          >
            {name}, {lines}
          </button>
        </span>
      </p>
    );
  }
  return (
    <div className="anchor-pointer missing">
      <p>
        <strong>Not in your code yet.</strong> This part of <code>{name}</code> is what you are
        building: the text above says what it does.
      </p>
      {inReference && !unlocked && (
        <p>
          Stuck? The Hints tab starts with a nudge. The reference solution opens once you pass, or
          choose Show solution after a run.
        </p>
      )}
      {inReference && unlocked && (
        <button
          type="button"
          className="button small"
          disabled={!editor}
          onClick={() => editor?.highlight({ ...anchor, in: 'reference' })}
        >
          Show it in the reference solution
        </button>
      )}
    </div>
  );
}
