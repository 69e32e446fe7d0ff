import { summarizeCase, type CaseReport, type Lesson } from '../../../core/index.ts';
import { StatusIcon, type IconStatus } from '../../ui/StatusIcon.tsx';

interface Props {
  lesson: Lesson;
  reports: CaseReport[];
  running: boolean;
  selected: string | undefined;
  onSelect(name: string): void;
}

/**
 * One row per case. Each row carries `data-case`, `data-status` (pass, fail, error, pending,
 * running) and the transcript's counts, so tests (and the browser-vs-CLI check) read the
 * verdict straight from the DOM.
 */
export function CaseList({ lesson, reports, running, selected, onSelect }: Props) {
  return (
    <ul className="case-list" aria-label="Cases">
      {lesson.cases.map((testCase) => {
        const report = reports.find((r) => r.name === testCase.name);
        const status: IconStatus = report?.status ?? (running ? 'running' : 'pending');
        const tools = report?.turns.reduce((n, t) => n + t.tools.length, 0);
        return (
          <li
            key={testCase.name}
            className={`case-row ${status}`}
            data-case={testCase.name}
            data-status={status}
            data-kind={report?.kind}
            data-turns={report?.turns.length}
            data-tool-calls={tools}
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
                <span className="case-name">
                  {testCase.name}
                  {!testCase.visible && <span className="badge subtle">hidden</span>}
                </span>
                <span className="case-description">
                  {report && report.status !== 'pass' ? report.message : testCase.description}
                </span>
              </span>
              {report && <span className="case-summary">{summarizeCase(report)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
