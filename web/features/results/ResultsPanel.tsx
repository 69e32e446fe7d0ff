import type { ReactNode } from 'react';
import type { CaseReport, Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { CaseDetail } from './CaseDetail.tsx';
import { CaseList } from './CaseList.tsx';
import { CompileErrors } from './CompileErrors.tsx';
import { verdictText } from './verdict-text.ts';
import './output.css';
import './results.css';

interface Props {
  lesson: Lesson;
  /** The transcript view, composed in by the app shell. */
  transcript: (report: CaseReport) => ReactNode;
}

/** The verdict (announced), the cases, and the selected case in full. */
export function ResultsPanel({ lesson, transcript }: Props) {
  const storedRun = useAppStore((s) => s.run);
  const run = storedRun?.lessonId === lesson.id ? storedRun : undefined;
  const selected = useAppStore((s) => s.selectedCase);
  const selectCase = useAppStore((s) => s.selectCase);
  const requestReveal = useAppStore((s) => s.requestReveal);
  const reports = run?.cases ?? [];
  const text = verdictText(run, lesson.cases.length);
  const outcome = run?.report?.status ?? (run?.phase === 'crashed' ? 'fail' : undefined);
  const shown =
    reports.find((r) => r.name === selected) ??
    reports.find((r) => r.status !== 'pass') ??
    reports[0];

  return (
    <section className="results-panel" aria-labelledby="results-title">
      <header className={`verdict ${outcome ?? run?.phase ?? 'idle'}`}>
        <h2 id="results-title" className="visually-hidden">
          Results
        </h2>
        <p role="status" aria-live="polite" className="verdict-text" data-phase={run?.phase}>
          {text}
        </p>
        {!run && (
          <p className="verdict-hint">
            Not run yet. Run your code to see how each of the {lesson.cases.length} cases does.
          </p>
        )}
      </header>
      <div className="results-scroll">
        {run?.report && (
          <CompileErrors errors={run.report.compileErrors} onReveal={requestReveal} />
        )}
        <CaseList
          lesson={lesson}
          reports={reports}
          running={run?.phase === 'running'}
          selected={shown?.name}
          onSelect={selectCase}
        />
        {shown && (
          <CaseDetail
            key={shown.name}
            lesson={lesson}
            report={shown}
            transcript={transcript}
            onReveal={requestReveal}
          />
        )}
      </div>
    </section>
  );
}
