import { useId, useState } from 'react';
import type { Lesson, Tutor } from '../../../core/index.ts';
import { AnchorPointer } from './AnchorPointer.tsx';
import { ExplainCard } from './ExplainCard.tsx';
import type { Explained } from './explained.ts';
import { inlineCode } from '../../ui/inline-code.tsx';
import type { TutorEditor } from './tutor-editor.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  questions: Tutor['questions'];
  editor: TutorEditor | undefined;
  markdown: TutorMarkdown;
  visible: boolean;
  /** A question to open (from "Explain this failure"), each request with a new nonce. */
  focus?: { id: string; nonce: number };
  /** The learner's failure that opened the focused question. */
  explained?: Explained;
}

/** Questions learners ask here; choosing one shows the author's answer and its code. */
export function Questions({
  lesson,
  questions,
  editor,
  markdown,
  visible,
  focus,
  explained,
}: Props) {
  const base = useId();
  const [open, setOpen] = useState<number>();
  const [focused, setFocused] = useState<number>();
  // A new request opens its question (state adjusted while rendering, not in an effect).
  if (focus && focus.nonce !== focused) {
    setFocused(focus.nonce);
    const index = questions.findIndex((q) => q.id === focus.id);
    if (index >= 0) setOpen(index);
  }
  return (
    <div className="questions">
      {explained && (
        <ExplainCard
          caseName={explained.caseName}
          experiment={explained.experiment}
          onDismiss={explained.dismiss}
        >
          {markdown(explained.paragraph, explained.quoted)}
          <p>The question below goes with it.</p>
        </ExplainCard>
      )}
      <p className="tutor-intro">Questions learners often ask about this lesson.</p>
      <ul className="question-list">
        {questions.map((q, i) => {
          const expanded = open === i;
          return (
            <li key={q.id} className={expanded ? 'open' : undefined} data-question={q.id}>
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
