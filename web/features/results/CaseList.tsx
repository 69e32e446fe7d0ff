import { memo } from 'react';
import { summarizeCase, type CaseReport, type Lesson } from '../../../core/index.ts';
import { inlineCode } from '../../ui/inline-code.tsx';
import { StatusIcon, type IconStatus } from '../../ui/StatusIcon.tsx';
import { caseReason } from './verdict.ts';

interface Props {
  lesson: Lesson;
  /** The reports shown, in the lesson's order. */
  reports: CaseReport[];
  running: boolean;
  /** The cases the current run runs, when only some. */
  only: string[] | undefined;
  /** Cases whose reports come from the run before, on the same code (not re-run). */
  carried: readonly string[];
  selected: string | undefined;
  onSelect(name: string): void;
}

/**
 * One row per case, leading with what matters: for a failing case its one-line reason, for
 * the rest the description. Each row carries `data-case`, `data-status` (pass, fail, error,
 * pending, running) and the transcript's counts, so tests (and the browser-vs-CLI check) read
 * the verdict straight from the DOM.
 */
export const CaseList = memo(function CaseList(props: Props) {
  const { lesson, reports, running, only, carried, selected, onSelect } = props;
  return (
    // Focusable: beside a case's detail it scrolls on its own, and before a run its rows
    // (disabled) are not, so the keyboard reaches it this way.
    <ul className="case-list" aria-label="Cases" tabIndex={0}>
      {lesson.cases.map((testCase) => {
        const report = reports.find((r) => r.name === testCase.name);
        const inRun = !only || only.includes(testCase.name);
        const status: IconStatus = report?.status ?? (running && inRun ? 'running' : 'pending');
        const tools = report?.turns.reduce((n, t) => n + t.tools.length, 0);
        const kept = carried.includes(testCase.name);
        return (
          <li
            key={testCase.name}
            className={`case-row ${status}`}
            data-case={testCase.name}
            data-status={status}
            data-kind={report?.kind}
            data-turns={report?.turns.length}
            data-tool-calls={tools}
            data-carried={kept || undefined}
          >
            <button
              type="button"
              className="case-button"
              aria-pressed={selected === testCase.name}
              disabled={!report}
              onClick={() => onSelect(testCase.name)}
            >
              <StatusIcon status={status} />
              <span className="case-main">
                <span className="case-head">
                  <span className="case-name">{testCase.name}</span>
                  {!testCase.visible && <span className="badge subtle">hidden</span>}
                  {kept && (
                    <span
                      className="badge subtle"
                      title="Not re-run: its verdict from the last run of this same code stands"
                    >
                      kept
                    </span>
                  )}
                  {report && report.kind !== 'compile' && (
                    <span className="case-summary">{summarizeCase(report)}</span>
                  )}
                </span>
                <span className="case-description" title={lineOf(report, testCase.description)}>
                  {inlineCode(lineOf(report, testCase.description))}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
});

/** A row's one visible line: why it failed, or what the case checks. */
function lineOf(report: CaseReport | undefined, description: string): string {
  if (!report || report.status === 'pass') return description;
  if (report.kind === 'compile') return 'Not run: the code does not compile (see above).';
  if (report.kind === 'cancelled') return 'Stopped before it finished.';
  return caseReason(report);
}
