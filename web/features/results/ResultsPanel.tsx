import { useCallback, useMemo, type ReactNode } from 'react';
import type { CaseReport, Lesson } from '../../../core/index.ts';
import { codeChangedSince } from '../../store/learner-files.ts';
import { useAppStore } from '../../store/store.ts';
import type { TypeIssue } from '../../store/ui-slice.ts';
import { CaseDetail } from './CaseDetail.tsx';
import { CaseList } from './CaseList.tsx';
import { CompileErrors } from './CompileErrors.tsx';
import { TypeErrors } from './TypeErrors.tsx';
import { useRunOnScreen } from './use-run-on-screen.ts';
import { verdictOf } from './verdict.ts';
import { VerdictHeader } from './VerdictHeader.tsx';
import './output.css';
import './results.css';

interface Props {
  lesson: Lesson;
  /** The transcript view, composed in by the app shell. */
  transcript: (report: CaseReport) => ReactNode;
  /** The lesson after this one, offered once every case passes. */
  next?: { title: string; href: string };
  /** The course's title, for the end of the course. */
  courseTitle: string;
  /** What a failing case's detail offers beside its diagnostic, composed in by the app shell. */
  caseActions?: (report: CaseReport) => ReactNode;
  /** Runs every case. */
  onRun(): void;
  /** Runs only the cases named. */
  onRunCases(names: string[]): void;
}

const NO_ISSUES: TypeIssue[] = [];
const NO_NAMES: string[] = [];

/** The verdict (announced), the cases, and the selected case in full. */
export function ResultsPanel({
  lesson,
  transcript,
  next,
  courseTitle,
  caseActions,
  onRun,
  onRunCases,
}: Props) {
  const storedRun = useAppStore((s) => s.run);
  const run = storedRun?.lessonId === lesson.id ? storedRun : undefined;
  const selected = useAppStore((s) => s.selectedCase);
  const selectCase = useAppStore((s) => s.selectCase);
  const reveal = useAppStore((s) => s.requestReveal);
  const typeErrors = useAppStore((s) => s.typeErrors[lesson.id] ?? NO_ISSUES);
  const { going, waited, quiet, said: headerRun } = useRunOnScreen(run);
  // Until a run's first case is in, the last finished run's results stay: a run over in 20 ms
  // does not flash an empty panel, and the page has less to lay out while the run's workers
  // need the CPU. Past the moment they are dimmed.
  const waiting = going && going.cases.length === 0 ? going.previous : undefined;
  const dimmed = waiting !== undefined && waited;
  const shownRun = waiting ?? run;
  // Results of code the learner has since changed (or Reset) say so, until the next Run shows.
  const changed = useAppStore((s) =>
    shownRun && (!waiting || quiet) ? codeChangedSince(shownRun, s, lesson) : false,
  );
  // A tutor experiment graded the reference solution: its lines are not the learner's.
  const requestReveal = shownRun?.source === 'reference' ? undefined : reveal;
  // In the lesson's order, which the list shows and the verdict names the first failure by.
  // Kept while the run's reports are (a run's first moment shows the last run's, a copy that
  // shares them), so the list and the case's detail, memoised, do not render at the press.
  const cases = shownRun?.cases;
  const carriedReports = shownRun?.carried;
  const reports = useMemo(() => {
    const all = carriedReports ? [...(cases ?? []), ...carriedReports] : (cases ?? []);
    return lesson.cases
      .map((c) => all.find((r) => r.name === c.name))
      .filter((r): r is CaseReport => r !== undefined);
  }, [lesson, cases, carriedReports]);
  const carried = useMemo(() => carriedReports?.map((c) => c.name) ?? NO_NAMES, [carriedReports]);
  const runCase = useCallback((name: string) => onRunCases([name]), [onRunCases]);
  const verdict = verdictOf(headerRun, lesson.cases);
  const report = shownRun?.report;
  const compileErrors = report?.compileErrors ?? [];
  const showTypeErrors =
    report?.status === 'fail' &&
    compileErrors.length === 0 &&
    shownRun?.source !== 'reference' &&
    typeErrors.length > 0;
  const shown =
    reports.find((r) => r.name === selected) ??
    reports.find((r) => r.status !== 'pass') ??
    reports[0];
  const runningShown = going !== undefined && !quiet;
  const scrollClass = dimmed ? ' waiting' : changed ? ' outdated' : '';

  return (
    <section className="results-panel" aria-labelledby="results-title">
      <VerdictHeader
        lesson={lesson}
        run={headerRun}
        phase={run?.phase}
        verdict={verdict}
        outdated={changed}
        next={next}
        courseTitle={courseTitle}
        onRun={onRun}
        onRunCases={onRunCases}
      />
      <div className={`results-scroll${scrollClass}`} aria-busy={waiting ? true : undefined}>
        <CompileErrors errors={compileErrors} onReveal={requestReveal} />
        {showTypeErrors && <TypeErrors issues={typeErrors} onReveal={reveal} />}
        <CaseList
          lesson={lesson}
          reports={reports}
          running={runningShown && !waiting}
          only={run?.only}
          carried={carried}
          selected={shown?.name}
          onSelect={selectCase}
        />
        {shown && shown.kind !== 'compile' && (
          <CaseDetail
            key={shown.name}
            lesson={lesson}
            report={shown}
            transcript={transcript}
            onReveal={requestReveal}
            actions={caseActions}
            onRunCase={runningShown ? undefined : runCase}
          />
        )}
      </div>
    </section>
  );
}
