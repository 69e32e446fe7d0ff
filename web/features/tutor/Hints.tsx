import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { HintLevel, Lesson, Tutor } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { useTutorProgress } from './use-tutor-progress.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  hints: Tutor['hints'];
  markdown: TutorMarkdown;
  /** Shown above the hints: why the learner's run failed, when that is what opened them. */
  explanation?: ReactNode;
}

const levelLabel: Record<HintLevel, string> = {
  nudge: 'a nudge',
  shape: 'the shape',
  line: 'the key line',
};

/** Progressive hints, opened one at a time (and remembered), before the solution. */
export function Hints({ lesson, hints, markdown, explanation }: Props) {
  const shown = useAppStore((s) => Math.min(s.hintsShown[lesson.id] ?? 0, hints.length));
  const showNextHint = useAppStore((s) => s.showNextHint);
  const [opened, setOpened] = useState<number>();
  const latest = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // A hint the learner just opened takes the focus (the button that opened it moves down).
    if (opened !== undefined) latest.current?.focus();
  }, [opened]);
  const next = hints[shown];
  return (
    <div className="hints">
      {explanation}
      <p className="tutor-intro">
        Stuck? Each hint gives away a little more: a nudge, then the shape of the code, then the key
        line.
      </p>
      {shown > 0 && (
        <ol className="hint-list">
          {hints.slice(0, shown).map((hint, i) => (
            <li key={i} className="hint">
              <h3 className="tutor-kicker" ref={i === shown - 1 ? latest : undefined} tabIndex={-1}>
                Hint {i + 1} of {hints.length}: {levelLabel[hint.level]}
              </h3>
              {markdown(hint.body)}
            </li>
          ))}
        </ol>
      )}
      {next ? (
        <button
          type="button"
          className="button"
          onClick={() => {
            showNextHint(lesson.id, hints.length);
            setOpened(shown + 1);
          }}
        >
          Show hint {shown + 1} of {hints.length}: {levelLabel[next.level]}
        </button>
      ) : (
        <SolutionOffer lessonId={lesson.id} />
      )}
    </div>
  );
}

/** After the last hint: the solution, on the same terms as the Show solution button. */
function SolutionOffer({ lessonId }: { lessonId: string }) {
  const { attempted } = useTutorProgress(lessonId);
  const solutionOpen = useAppStore((s) => s.solutionOpen);
  const setSolutionOpen = useAppStore((s) => s.setSolutionOpen);
  if (!attempted) {
    return (
      <p className="tutor-hint">
        That was the last hint. The reference solution opens after your first run: run your code,
        then come back if you are still stuck.
      </p>
    );
  }
  if (solutionOpen) {
    return <p className="tutor-hint">The reference solution is open beside your code.</p>;
  }
  return (
    <div className="experiment-actions">
      <p className="tutor-hint">
        That was the last hint. Still stuck? The reference solution opens beside your code.
      </p>
      <button type="button" className="button" onClick={() => setSolutionOpen(true)}>
        Show solution
      </button>
    </div>
  );
}
