import { summarizeCase, type CaseReport } from '../../../core/index.ts';
import { TurnEntry } from './TurnEntry.tsx';
import './timeline.css';

/** The conversation a case had with the recorded model: one entry per turn, then a summary. */
export function Timeline({ report }: { report: CaseReport }) {
  const tools = report.turns.reduce((n, t) => n + t.tools.length, 0);
  return (
    <div
      className="timeline"
      data-turns={report.turns.length}
      data-tool-calls={tools}
      aria-label={`Transcript of ${report.name}`}
      role="region"
    >
      {report.turns.length === 0 ? (
        <p className="empty-note">No model calls were made.</p>
      ) : (
        <ol className="turns">
          {report.turns.map((turn) => (
            <TurnEntry key={turn.index} turn={turn} />
          ))}
        </ol>
      )}
      <p className={`timeline-summary ${report.status}`}>{summarizeCase(report)}</p>
    </div>
  );
}
