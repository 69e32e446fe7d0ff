import { useMemo } from 'react';
import { explainFailure, type CaseReport, type Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import './tutor.css';

interface Props {
  lesson: Lesson;
  report: CaseReport;
}

/**
 * "Explain this failure", for a failing case of the learner's own run: the tutor opens what
 * goes with this kind of failure (an experiment, a question, the hints) and says why it
 * happened, in words about this case's transcript and the learner's code. The results panel
 * shows it in the case's detail.
 */
export function ExplainFailure({ lesson, report }: Props) {
  const runId = useAppStore((s) => s.run?.id);
  const onReference = useAppStore((s) => s.run?.source === 'reference');
  const requestTutor = useAppStore((s) => s.requestTutor);
  // An experiment's change still in the learner's code (not restored) is in what ran.
  const experiment = useAppStore((s) => s.experimentSnapshots[lesson.id]?.experimentId);
  const explained = useMemo(() => explainFailure(lesson.tutor, report), [lesson.tutor, report]);
  if (!explained || onReference || runId === undefined) return null;
  return (
    <button
      type="button"
      className="button small explain-failure"
      onClick={() =>
        requestTutor({
          lessonId: lesson.id,
          target: explained.opens,
          explanation: {
            caseName: report.name,
            paragraph: explained.paragraph,
            quoted: explained.quoted,
            runId,
            experiment,
          },
        })
      }
    >
      Explain this failure
    </button>
  );
}
