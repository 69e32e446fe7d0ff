import { useId, useState, type ReactNode } from 'react';
import type { Lesson, Tutor } from '../../../core/index.ts';
import { AnchorPointer } from './AnchorPointer.tsx';
import { inlineCode } from './inline-code.tsx';
import type { TutorEditor } from './tutor-editor.ts';

interface Props {
  lesson: Lesson;
  questions: Tutor['questions'];
  editor: TutorEditor | undefined;
  markdown(source: string): ReactNode;
  visible: boolean;
}

/** Questions learners ask here; choosing one shows the author's answer and its code. */
export function Questions({ lesson, questions, editor, markdown, visible }: Props) {
  const base = useId();
  const [open, setOpen] = useState<number>();
  return (
    <div className="questions">
      <p className="tutor-intro">Questions learners often ask about this lesson.</p>
      <ul className="question-list">
        {questions.map((q, i) => {
          const expanded = open === i;
          return (
            <li key={q.question} className={expanded ? 'open' : undefined}>
              <button
                type="button"
                className="question"
                aria-expanded={expanded}
                aria-controls={`${base}-answer-${i}`}
                onClick={() => setOpen(expanded ? undefined : i)}
              >
                <span className="question-mark" aria-hidden="true">
                  ?
                </span>
                <span>{inlineCode(q.question)}</span>
              </button>
              <div id={`${base}-answer-${i}`} className="answer" hidden={!expanded}>
                {expanded && (
                  <>
                    {markdown(q.answer)}
                    {q.anchor && (
                      <AnchorPointer
                        lesson={lesson}
                        anchor={q.anchor}
                        editor={editor}
                        visible={visible}
                      />
                    )}
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
