import { useEffect, useRef } from 'react';
import type { TutorExperiment, VerdictKind } from '../../../core/index.ts';
import { predictionLabel, type Observation } from './experiment.ts';
import type { RunTarget } from './use-experiment.ts';
import type { TutorMarkdown } from './tutor-markdown.ts';

interface Props {
  experiment: TutorExperiment;
  prediction: string | undefined;
  on: RunTarget;
  observation: Observation;
  markdown: TutorMarkdown;
  onAgain(): void;
}

/** The prediction beside what really happened, then why it happened. */
export function ExperimentResult({
  experiment,
  prediction,
  on,
  observation,
  markdown,
  onAgain,
}: Props) {
  const { report, asExpected } = observation;
  const right = prediction === experiment.correct;
  const caseName = experiment.outcome.case;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The button that started the run is gone: the result takes the focus, and the view.
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, []);
  return (
    <section className="experiment-result" aria-label="What happened">
      <h4 className="tutor-heading" ref={heading} tabIndex={-1}>
        You predicted “{predictionLabel(experiment, prediction)}” — here is what happened
      </h4>
      {asExpected ? (
        <p className={`prediction-verdict ${right ? 'right' : 'wrong'}`}>
          {right ? (
            <>✓ Your prediction was right.</>
          ) : (
            <>✗ Not this time. What happens: “{predictionLabel(experiment, experiment.correct)}”</>
          )}
        </p>
      ) : (
        <p className="prediction-verdict other">
          Your code took a different path from the reference solution, which ends with{' '}
          <code>{experiment.outcome.kind}</code>: “{experiment.outcome.says}”. There, the answer is
          “{predictionLabel(experiment, experiment.correct)}”.
        </p>
      )}
      <p>
        On {on === 'yours' ? 'your code' : 'the reference solution'}, case <code>{caseName}</code>{' '}
        {report ? (
          <>
            {report.status === 'pass' ? 'passed' : 'failed'}: {kindPhrase[report.kind]}.
          </>
        ) : (
          'did not run.'
        )}
      </p>
      {report && report.status !== 'pass' && (
        <blockquote className="real-message">{report.message}</blockquote>
      )}
      <div className="experiment-explanation">
        <h5>Why</h5>
        {markdown(experiment.explanation)}
      </div>
      <button type="button" className="button" onClick={onAgain}>
        Try it again
      </button>
    </section>
  );
}

/** What a verdict kind means, in the words of the sentence above the message. */
const kindPhrase: Record<VerdictKind, string> = {
  pass: 'it printed what was expected',
  diff: 'it printed something else than expected',
  'no-output': 'it printed no usable result',
  'extra-output': 'it printed more than once',
  unconsumed: 'it stopped before making every recorded call',
  compile: 'the code does not compile',
  runtime: 'the code threw an error',
  timeout: 'it ran out of time',
  api: 'the API refused a request',
  cassette: 'a request differed from the recorded one',
  cancelled: 'the run was stopped',
  skipped: 'an earlier case ran out of time, so it was not run',
};
