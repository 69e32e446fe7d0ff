import { useState } from 'react';
import type { Lesson, Tutor } from '../../../core/index.ts';
import type { Explained } from './explained.ts';
import { ExperimentView } from './ExperimentView.tsx';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  experiments: Tutor['experiments'];
  editor: TutorEditor | undefined;
  runner: TutorRunner;
  markdown: TutorMarkdown;
  visible: boolean;
  /** An experiment to show (from "Explain this failure"), each request with a new nonce. */
  focus?: { id: string; nonce: number };
  /** The learner's failure that opened the focused experiment. */
  explained?: Explained;
}

/** "Break it on purpose": pick an experiment, predict, run, compare. */
export function BreakIt({
  lesson,
  experiments,
  editor,
  runner,
  markdown,
  visible,
  focus,
  explained,
}: Props) {
  const [id, setId] = useState(experiments[0]?.id);
  const [focused, setFocused] = useState<number>();
  // A new request shows its experiment (state adjusted while rendering, not in an effect).
  if (focus && focus.nonce !== focused) {
    setFocused(focus.nonce);
    setId(focus.id);
  }
  const experiment = experiments.find((e) => e.id === id) ?? experiments[0];
  if (!experiment) return null;
  return (
    <div className="break-it">
      <p className="tutor-intro">
        Change one thing, predict what happens, then see what the API and the grader say.
      </p>
      {experiments.length > 1 && (
        <label className="experiment-picker">
          <span>Experiment</span>
          <select value={experiment.id} onChange={(e) => setId(e.target.value)}>
            {experiments.map((e, i) => (
              <option key={e.id} value={e.id}>
                {i + 1}. {e.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <ExperimentView
        key={experiment.id}
        lesson={lesson}
        experiment={experiment}
        editor={editor}
        runner={runner}
        markdown={markdown}
        visible={visible}
        explained={focus?.id === experiment.id ? explained : undefined}
      />
    </div>
  );
}
