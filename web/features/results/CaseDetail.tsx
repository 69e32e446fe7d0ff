import { memo, type ReactNode } from 'react';
import type { CaseReport, Lesson } from '../../../core/index.ts';
import { inlineCode } from '../../ui/inline-code.tsx';
import { Json } from '../../ui/Json.tsx';
import { StatusIcon } from '../../ui/StatusIcon.tsx';
import { Tabs, type TabSpec } from '../../ui/Tabs.tsx';
import { ConsoleView } from './ConsoleView.tsx';
import { JsonDiff } from './JsonDiff.tsx';
import { StackFrames } from './StackFrames.tsx';
import { WorkspaceFiles } from './WorkspaceFiles.tsx';
import { caseMessage } from './verdict.ts';

interface Props {
  lesson: Lesson;
  report: CaseReport;
  transcript: (report: CaseReport) => ReactNode;
  /** Absent when the run was not of the learner's code: its lines are not theirs. */
  onReveal?(file: string, line: number, column: number): void;
  /** What the app offers about a failing case, beside its diagnostic ("Explain this failure"). */
  actions?: (report: CaseReport) => ReactNode;
  /** Runs the case named alone; absent while a run is under way. */
  onRunCase?(name: string): void;
}

/**
 * One case in full: its diagnostic, then the transcript, console and (visible cases) output.
 * Memoised: it renders again only when its report (or what it is given) changes, not at every
 * change of the run around it.
 */
export const CaseDetail = memo(function CaseDetail(props: Props) {
  const { lesson, report, transcript, onReveal, actions, onRunCase } = props;
  const editable = onReveal
    ? Object.keys(lesson.starter).filter((p) => !lesson.readOnly.includes(p))
    : [];
  const tabs: TabSpec[] = [
    { id: 'transcript', label: 'Transcript', content: () => transcript(report) },
    {
      id: 'console',
      label: `Console (${report.console.length}${report.consoleTruncated ? '+' : ''})`,
      content: () => <ConsoleView lines={report.console} truncated={report.consoleTruncated} />,
    },
  ];
  // A case with a workspace (part two) shows its files, and what the run changed in them.
  const input = lesson.cases.find((c) => c.name === report.name)?.input as
    { files?: Record<string, string> } | undefined;
  if (input?.files) {
    const before = input.files;
    tabs.splice(1, 0, {
      id: 'files',
      label: 'Files',
      content: () => <WorkspaceFiles before={before} printed={report.actual} />,
    });
  }
  if (report.visible) {
    tabs.push({
      id: 'output',
      label: 'Output',
      content: () => (
        <div className="output-compare">
          <section>
            <h4>Expected</h4>
            <Json value={report.expected} />
          </section>
          <section>
            <h4>Actual</h4>
            <Json value={report.actual} />
          </section>
        </div>
      ),
    });
  }
  return (
    <article className="case-detail" aria-labelledby="case-detail-title">
      <header className="case-detail-header">
        <StatusIcon status={report.status} />
        <h3 id="case-detail-title">{report.name}</h3>
        {!report.visible && (
          <span className="badge subtle" title="Its expected output is not shown">
            hidden case
          </span>
        )}
        <button
          type="button"
          className="button small run-case"
          disabled={!onRunCase}
          onClick={() => onRunCase?.(report.name)}
        >
          Run this case
        </button>
      </header>
      <p className="case-detail-description">{report.description}</p>
      {report.status !== 'pass' && (
        <div className={`diagnostic ${report.status}`}>
          <p className="diagnostic-message">{inlineCode(caseMessage(report))}</p>
          {actions && <div className="diagnostic-actions">{actions(report)}</div>}
          {report.frames && (
            <StackFrames
              frames={report.frames}
              editable={editable}
              onReveal={(...at) => onReveal?.(...at)}
            />
          )}
          {report.diff && <JsonDiff diff={report.diff} hidden={!report.visible} />}
        </div>
      )}
      <Tabs key={report.name} tabs={tabs} label={`Details of case ${report.name}`} />
    </article>
  );
});
