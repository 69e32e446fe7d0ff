import { useState } from 'react';
import type { Lesson } from '../../../core/index.ts';
import { runReports, type RunState } from '../../store/run-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { inlineCode } from '../../ui/inline-code.tsx';
import { timeAgo } from './time-ago.ts';
import type { Verdict } from './verdict.ts';

interface Props {
  lesson: Lesson;
  /** The run the header speaks for: the latest, or, in a run's first moment, the one before. */
  run: RunState | undefined;
  /** The latest run's phase, for the live region's `data-phase` (tests and the bench read it). */
  phase: RunState['phase'] | undefined;
  verdict: Verdict | undefined;
  /** The code changed since the results shown were graded. */
  outdated: boolean;
  next?: { title: string; href: string };
  /** The course's title, for the end of the course. */
  courseTitle: string;
  onRun(): void;
  onRunCases(names: string[]): void;
}

/**
 * The results' header: the verdict (the page's one live region, announcing the outcome and
 * the first failing case's reason), whether the lesson is passed, whether the results still
 * match the code, and what to do next.
 */
export function VerdictHeader(props: Props) {
  const { lesson, run, phase, verdict, outdated, next, courseTitle, onRun, onRunCases } = props;
  const passedBefore = useAppStore((s) => s.progress[lesson.id]?.passed ?? false);
  const last = useAppStore((s) => s.progress[lesson.id]?.last);
  // "How long ago" as of opening the lesson: close enough, and stable while it is open.
  const [openedAt] = useState(() => Date.now());
  const onReference = run?.source === 'reference';
  const idle = run?.phase !== 'running';
  const failed =
    run && idle && !onReference && run.report?.compileErrors.length === 0
      ? runReports(run).filter((c) => c.status !== 'pass' && c.kind !== 'cancelled')
      : [];
  const outcome = verdict?.outcome ?? (last ? 'last' : 'idle');
  return (
    <header className={`verdict ${outcome}${outdated ? ' outdated' : ''}`}>
      <h2 id="results-title" className="visually-hidden">
        Results
      </h2>
      <div className="verdict-line">
        <p role="status" aria-live="polite" className="verdict-text" data-phase={phase}>
          {/* Keyed by run: a verdict worded as the last one's is still new text, and announced. */}
          {verdict && (
            <span key={`headline-${run?.id}`} className="verdict-headline">
              {verdict.headline}
            </span>
          )}
          {verdict?.reason && (
            <span key={`reason-${run?.id}`} className="verdict-reason">
              {' '}
              {inlineCode(verdict.reason)}
            </span>
          )}
        </p>
        {passedBefore && (
          <span className="badge passed-badge" title="Every case has passed on your code">
            ✓ Lesson passed
          </span>
        )}
      </div>
      {outdated && (
        <p className="outdated-note">
          <strong>Code changed since this run.</strong> These results are for your earlier code.{' '}
          <button type="button" className="button small" onClick={onRun}>
            Run again
          </button>
        </p>
      )}
      {!run && last && (
        <p className="verdict-hint last-verdict">
          Your last run ({timeAgo(last.at, openedAt)}): {inlineCode(last.summary)} Run again to see
          each case.
        </p>
      )}
      {!run && !last && (
        <p className="verdict-hint">
          {passedBefore
            ? 'You passed this lesson earlier. Run your code to see each case again.'
            : `Not run yet. Run your code to see how each of the ${lesson.cases.length} cases does.`}
        </p>
      )}
      {onReference && (
        <p className="verdict-hint">
          This run graded the reference solution with the tutor&apos;s experiment; your code was not
          run.
        </p>
      )}
      {failed.length > 0 && failed.length < lesson.cases.length && (
        <p className="verdict-actions">
          <button
            type="button"
            className="button small"
            onClick={() => onRunCases(failed.map((c) => c.name))}
          >
            Re-run the failed {failed.length === 1 ? 'case' : `${failed.length} cases`}
          </button>
        </p>
      )}
      {verdict?.outcome === 'pass' && !onReference && !outdated && (
        <NextLesson next={next} courseTitle={courseTitle} />
      )}
    </header>
  );
}

/** A passed lesson leads on: the next one, prominently, or the end of the course. */
function NextLesson({ next, courseTitle }: Pick<Props, 'next' | 'courseTitle'>) {
  if (!next) {
    return (
      <p className="next-lesson done">
        That was the last lesson of “{courseTitle}”: the whole course is done.
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
