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
  /** The lesson after this one, offered once every case passes. */
  next?: { title: string; href: string };
  /** What a failing case's detail offers beside its diagnostic, composed in by the app shell. */
  caseActions?: (report: CaseReport) => ReactNode;
}

/** The verdict (announced), the cases, and the selected case in full. */
export function ResultsPanel({ lesson, transcript, next, caseActions }: Props) {
  const storedRun = useAppStore((s) => s.run);
  const run = storedRun?.lessonId === lesson.id ? storedRun : undefined;
  const selected = useAppStore((s) => s.selectedCase);
  const selectCase = useAppStore((s) => s.selectCase);
  const reveal = useAppStore((s) => s.requestReveal);
  // Until a run's first case is in, the last finished run's results stay, dimmed (after a
  // moment, in CSS): a run over in 20 ms does not flash an empty panel, and the page has less
  // to lay out while the run's workers need the CPU.
  const stale = run?.phase === 'running' && run.cases.length === 0 ? run.previous : undefined;
  const shownRun = stale ?? run;
  // A tutor experiment graded the reference solution: its lines are not the learner's.
  const onReference = run?.source === 'reference';
  const requestReveal = shownRun?.source === 'reference' ? undefined : reveal;
  const reports = shownRun?.cases ?? [];
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
        {onReference && (
          <p className="verdict-hint">
            This run graded the reference solution with the tutor&apos;s experiment; your code was
            not run.
          </p>
        )}
        {run?.report?.status === 'pass' && !onReference && <NextLesson next={next} />}
      </header>
      <div
        className={`results-scroll${stale ? ' stale' : ''}`}
        aria-busy={stale ? true : undefined}
      >
        {shownRun?.report && (
          <CompileErrors errors={shownRun.report.compileErrors} onReveal={requestReveal} />
        )}
        <CaseList
          lesson={lesson}
          reports={reports}
          running={!stale && run?.phase === 'running'}
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
            actions={shown.status === 'pass' ? undefined : caseActions?.(shown)}
          />
        )}
      </div>
    </section>
  );
}

/** A passed lesson leads on: the next one, prominently, or the end of the course. */
function NextLesson({ next }: { next: Props['next'] }) {
  if (!next) {
    return (
      <p className="next-lesson done">
        That was the last lesson: you have built the agent loop, from one turn to the SDK.
      </p>
    );
  }
  return (
    <p className="next-lesson">
      <a className="button primary" href={next.href}>
        Next: {next.title} →
      </a>
    </p>
  );
}
