import { useState } from 'react';
import type { Lesson, Tutor } from '../../../core/index.ts';
import { AnchorPointer } from './AnchorPointer.tsx';
import type { TutorEditor } from './tutor-editor.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  steps: Tutor['walkthrough'];
  editor: TutorEditor | undefined;
  markdown: TutorMarkdown;
  visible: boolean;
}

/** The code explained a step at a time, each step pointing at its lines. */
export function Walkthrough({ lesson, steps, editor, markdown, visible }: Props) {
  const [index, setIndex] = useState(0);
  const step = steps[index];
  if (!step) return null;
  return (
    <article className="walkthrough" aria-labelledby="walkthrough-step-title">
      <p className="tutor-kicker">
        Step {index + 1} of {steps.length}
      </p>
      <h3 id="walkthrough-step-title" className="tutor-heading">
        {step.title}
      </h3>
      {markdown(step.body)}
      {step.anchor && (
        <AnchorPointer lesson={lesson} anchor={step.anchor} editor={editor} visible={visible} />
      )}
      <nav className="tutor-step-nav" aria-label="Walkthrough steps">
        <button
          type="button"
          className="button"
          disabled={index === 0}
          onClick={() => setIndex(index - 1)}
        >
          ← Previous<span className="visually-hidden"> step</span>
        </button>
        <ol className="step-dots" aria-hidden="true">
          {steps.map((s, i) => (
            <li key={i} className={i === index ? 'current' : undefined} />
          ))}
        </ol>
        <button
          type="button"
          className="button"
          disabled={index === steps.length - 1}
          onClick={() => setIndex(index + 1)}
        >
          Next<span className="visually-hidden"> step</span> →
        </button>
      </nav>
    </article>
  );
}
