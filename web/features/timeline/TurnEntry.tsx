import type { Turn } from '../../../core/index.ts';
import { Json } from '../../ui/Json.tsx';
import { ContentBlocks } from './ContentBlocks.tsx';
import { RejectionNote } from './RejectionNote.tsx';
import { ToolRun } from './ToolRun.tsx';

/** One turn: the request, what the model answered (or why it refused), and the tools run. */
export function TurnEntry({ turn }: { turn: Turn }) {
  const { request, response, rejection } = turn;
  const count = request.messageCount;
  return (
    <li className={`turn${rejection ? ' rejected' : ''}`} data-turn={turn.index}>
      <header className="turn-header">
        <h4>Turn {turn.index}</h4>
        {response && (
          <span className={`badge stop-${response.stop_reason}`} title="stop_reason">
            {response.stop_reason}
          </span>
        )}
        {rejection && <span className="badge danger">{rejection.status} rejected</span>}
        <span className="turn-ms">{Math.round(turn.durationMs)} ms</span>
      </header>
      <div className="turn-request">
        <span className="turn-arrow" aria-hidden="true">
          →
        </span>
        <span>
          Request with {count} {count === 1 ? 'message' : 'messages'}
        </span>
        <details className="inline-details">
          <summary>Newest message</summary>
          <Json value={request.newestMessage} />
        </details>
        <details className="inline-details">
          <summary>Raw request</summary>
          <Json value={request.raw} />
        </details>
      </div>
      {rejection && <RejectionNote rejection={rejection} />}
      {response && (
        <div className="turn-response">
          <span className="turn-arrow" aria-hidden="true">
            ←
          </span>
          <div className="turn-response-body">
            <ContentBlocks blocks={response.content} />
            <details className="inline-details">
              <summary>Raw response</summary>
              <Json value={response} />
            </details>
          </div>
        </div>
      )}
      {turn.tools.length > 0 && (
        <ul className="tool-runs" aria-label={`Tools run after turn ${turn.index}`}>
          {turn.tools.map((tool, i) => (
            <ToolRun key={i} tool={tool} />
          ))}
        </ul>
      )}
    </li>
  );
}
