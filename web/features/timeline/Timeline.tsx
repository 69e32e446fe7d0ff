import { useState } from 'react';
import { conversationsOf, summarizeCase, type CaseReport } from '../../../core/index.ts';
import { ShowMore, useShownCount } from '../../ui/ShowMore.tsx';
import { transcriptJson, transcriptText } from './transcript-text.ts';
import { TurnEntry } from './TurnEntry.tsx';
import './timeline.css';

/** Turns rendered at first, and per "Show more". */
const PAGE = 30;

interface Props {
  report: CaseReport;
  /** A live run's: latency and tokens per turn, and `summary` under it (in seconds). */
  live?: { summary: string };
}

/** The conversation a case had with the recorded model: one entry per turn, then a summary. */
export function Timeline({ report, live }: Props) {
  const tools = report.turns.reduce((n, t) => n + t.tools.length, 0);
  const [shown, showMore] = useShownCount(report.turns.length, PAGE);
  // Loops that take turns (an agent and its subagents): each call is read in its own conversation.
  const conversations = conversationsOf(report.turns);
  const several = conversations.some((c) => c.conversation > 1);
  return (
    <div
      className="timeline"
      data-turns={report.turns.length}
      data-tool-calls={tools}
      aria-label={`Transcript of ${report.name}`}
      role="region"
    >
      <CopyTranscript report={report} />
      {report.turns.length === 0 ? (
        <p className="empty-note">No model calls were made.</p>
      ) : (
        <ol className="turns">
          {report.turns.slice(0, shown).map((turn, i) => (
            <TurnEntry
              key={turn.index}
              turn={turn}
              previous={previousOf(report, conversations, i)}
              conversation={several ? conversations[i] : undefined}
              live={live !== undefined}
            />
          ))}
        </ol>
      )}
      <ShowMore
        shown={shown}
        total={report.turns.length}
        page={PAGE}
        what="turns"
        onMore={showMore}
      />
      <p className={`timeline-summary ${report.status}`}>
        {live?.summary ?? summarizeCase(report)}
      </p>
    </div>
  );
}

/** The turn whose reply a request answers: the last one of its own conversation. */
function previousOf(
  report: CaseReport,
  conversations: ReturnType<typeof conversationsOf>,
  i: number,
): CaseReport['turns'][number] | undefined {
  const previous = conversations[i]?.previous;
  return previous === undefined ? undefined : report.turns[previous];
}

/** Copies the transcript, as text to read or paste into a question, or as JSON. */
function CopyTranscript({ report }: { report: CaseReport }) {
  const [said, setSaid] = useState('');
  const copy = async (format: 'text' | 'JSON') => {
    const text = format === 'text' ? transcriptText(report) : transcriptJson(report);
    try {
      await navigator.clipboard.writeText(text);
      setSaid(`Transcript copied as ${format}.`);
    } catch {
      setSaid('The browser does not allow copying here.');
    }
  };
  return (
    <div className="transcript-actions">
      <button type="button" className="button small" onClick={() => void copy('text')}>
        Copy as text
      </button>
      <button type="button" className="button small" onClick={() => void copy('JSON')}>
        Copy as JSON
      </button>
      <span className="transcript-copied" aria-live="polite">
        {said}
      </span>
    </div>
  );
}
