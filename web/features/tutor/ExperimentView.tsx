import { useEffect, useId, useState } from 'react';
import type { Lesson, TutorExperiment } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { editLines, planExperiment, whyNotYours } from './experiment.ts';
import { ExperimentResult } from './ExperimentResult.tsx';
import { ExplainCard } from './ExplainCard.tsx';
import type { Explained } from './explained.ts';
import type { TutorEditor, TutorRunner } from './tutor-editor.ts';
import { useExperiment } from './use-experiment.ts';
import { useLessonFile } from './use-lesson-file.ts';
import { useTutorProgress } from './use-tutor-progress.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  lesson: Lesson;
  experiment: TutorExperiment;
  editor: TutorEditor | undefined;
  runner: TutorRunner;
  markdown: TutorMarkdown;
  /** While on screen, the code the change touches is highlighted in the editor. */
  visible: boolean;
  /** The learner's own failure, when "Explain this failure" opened this experiment. */
  explained?: Explained;
}

/**
 * One experiment: the prompt, the change, a prediction first, then the run and its lesson.
 * Experiments break working code, so they wait for the learner's first run; one whose code is
 * not in the learner's file runs on the reference solution, once that may be shown.
 */
export function ExperimentView({
  lesson,
  experiment,
  editor,
  runner,
  markdown,
  visible,
  explained,
}: Props) {
  const base = useId();
  const [prediction, setPrediction] = useState<string>();
  const { phase, applyAndRun, runOnReference, reset } = useExperiment(
    lesson,
    experiment,
    editor,
    runner,
  );
  const plan = planExperiment(experiment, useLessonFile(editor, experiment.edit.file));
  const file = experiment.edit.file.replace(/^src\//, '');
  const { attempted, unlocked } = useTutorProgress(lesson.id);
  const changeable = attempted && plan.on === 'yours';
  // Before a first run the change would hand over reference code; after it, the reference is
  // shown only to a learner who passed or asked for it.
  const open = changeable || (attempted && unlocked) || phase.step !== 'ready';
  // Code from a share link is not the learner's: an experiment would keep it as "your code"
  // to restore later, over their own draft. It waits until they keep it or go back.
  const sharedOpen = useAppStore((s) => s.shared[lesson.id] !== undefined);
  useEffect(() => {
    if (!visible || !editor || !changeable) return;
    const { file, find } = experiment.edit;
    editor.highlight({ file, match: find, in: 'code' });
    return () => editor.highlight(undefined);
  }, [visible, editor, changeable, experiment]);
  // A real failure is told in words about the learner's code: the experiment is offered as
  // the same mistake made on purpose, for later, and its own words wait for its run.
  const ownFailure = explained !== undefined && explained.experiment === undefined;
  const card = explained && (
    <ExplainCard
      caseName={explained.caseName}
      experiment={explained.experiment}
      onDismiss={explained.dismiss}
      more={
        ownFailure && (
          <div className="experiment-explanation">
            <h4>The same mistake, on purpose</h4>
            <p>
              The experiment below, “{experiment.title}”, makes this mistake in working code, so you
              can watch what it breaks.
            </p>
          </div>
        )
      }
    >
      {markdown(explained.paragraph, explained.quoted)}
    </ExplainCard>
  );
  const notYours = ownFailure
    ? `Your ${file} doesn't write this part as working code does, and that is where the failure above comes from. Once yours passes, this experiment can make the same mistake in it.`
    : whyNotYours(plan, file);
  const header = (
    <>
      {card}
      <h3 id={`${base}-title`} className="tutor-heading">
        {experiment.title}
      </h3>
    </>
  );
  if (!attempted) {
    return (
      <article className="experiment" aria-labelledby={`${base}-title`}>
        {header}
        <p className="experiment-waits">
          Experiments break working code on purpose, so they start from yours. Write your part and
          run it (Run, or Ctrl+Enter); then come back to predict what this change does.
        </p>
      </article>
    );
  }
  return (
    <article className="experiment" aria-labelledby={`${base}-title`}>
      {header}
      {markdown(experiment.prompt)}
      {!open && (
        <p className="experiment-waits">
          {notYours} It can run on the reference solution instead, which opens once you pass this
          lesson or choose Show solution.
        </p>
      )}
      {open && <EditPreview file={file} edit={experiment.edit} />}
      {open && (
        <fieldset className="predictions" disabled={phase.step !== 'ready'}>
          <legend>Your prediction</legend>
          {experiment.predictions.map((p) => (
            <label key={p.id} className="prediction">
              <input
                type="radio"
                name={`${base}-prediction`}
                value={p.id}
                checked={prediction === p.id}
                onChange={() => setPrediction(p.id)}
              />
              <span>{p.label}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="experiment-live" aria-live="polite">
        {phase.step === 'ready' && !editor && <p className="tutor-hint">Loading the editor…</p>}
        {phase.step === 'ready' &&
          editor &&
          open &&
          (plan.on === 'yours' ? (
            <div className="experiment-actions">
              <button
                type="button"
                className="button primary"
                disabled={!prediction || sharedOpen}
                onClick={applyAndRun}
              >
                Apply and run
              </button>
              <p className="tutor-hint">
                {sharedOpen
                  ? 'The editor holds code from a shared link: keep it or go back to your code first.'
                  : prediction
                    ? `Your ${file} is kept first: you can restore it afterwards.`
                    : 'Pick a prediction first.'}
              </p>
            </div>
          ) : (
            <div className="experiment-actions">
              <p className="tutor-hint">
                {notYours} Run it on the reference solution instead: your code stays exactly as it
                is.
              </p>
              <button
                type="button"
                className="button primary"
                disabled={!prediction}
                onClick={runOnReference}
              >
                Run it on the reference solution
              </button>
              {!prediction && <p className="tutor-hint">Pick a prediction first.</p>}
            </div>
          ))}
        {phase.step === 'running' && (
          <p className="tutor-hint">
            Running {phase.on === 'yours' ? 'your code' : 'the reference solution'} with the change…
          </p>
        )}
        {phase.step === 'stopped' && (
          <div className="experiment-actions">
            <p className="tutor-hint">{phase.why}</p>
            <button type="button" className="button" onClick={reset}>
              Try again
            </button>
          </div>
        )}
        {phase.step === 'done' && (
          <ExperimentResult
            experiment={experiment}
            prediction={prediction}
            on={phase.on}
            observation={phase.observation}
            markdown={markdown}
            onAgain={reset}
          />
        )}
      </div>
    </article>
  );
}

/** The change as removed and added lines. */
function EditPreview({ file, edit }: { file: string; edit: TutorExperiment['edit'] }) {
  return (
    <figure className="edit-preview">
      <figcaption>The change, in {file}</figcaption>
      <pre tabIndex={0}>
        {editLines(edit).map((line, i) => (
          <span key={i} className={line.sign === '-' ? 'removed' : 'added'}>
            {line.sign} {line.text}
            {'\n'}
          </span>
        ))}
      </pre>
    </figure>
  );
}
