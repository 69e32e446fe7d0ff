import { lazy, Suspense } from 'react';
import { cacheLine, formatTokens, type Turn, type TurnConversation } from '../../../core/index.ts';
import { Json } from '../../ui/Json.tsx';
import { LazyDetails } from '../../ui/LazyDetails.tsx';
import { ContentBlocks } from './ContentBlocks.tsx';
import { rejectionLabel } from './rejection-label.ts';
import { RejectionNote } from './RejectionNote.tsx';
import { requestRoles } from './request-view.ts';
import { SentBackNote, SentBlocks } from './SentBlocks.tsx';
import { StreamReplay } from './StreamReplay.tsx';
import { ToolRun } from './ToolRun.tsx';
import { AskRun } from './AskRun.tsx';

/** Only live runs meet the API's errors and retries: their notes load with live mode. */
const ApiErrorNote = lazy(() =>
  import('./ApiErrorNote.tsx').then((m) => ({ default: m.ApiErrorNote })),
);
const RetriesNote = lazy(() =>
  import('./ApiErrorNote.tsx').then((m) => ({ default: m.RetriesNote })),
);

interface Props {
  turn: Turn;
  /** The turn before in this request's conversation, whose reply this request answers. */
  previous: Turn | undefined;
  /** Which conversation the call belongs to, when the run has several (an agent's subagents). */
  conversation?: TurnConversation | undefined;
  /** A live run's turn: its latency is the model's, and its tokens are shown. */
  live?: boolean;
}

/**
 * One turn: the request the learner's code built (its roles, and what it sent back), what the
 * model answered (or why the request was refused), and the tools run.
 */
export function TurnEntry({ turn, previous, conversation, live = false }: Props) {
  const { request, response, rejection } = turn;
  const roles = requestRoles(request.raw);
  const cache = cacheLine(turn);
  const replyIds = previous?.response?.content.flatMap((b) =>
    b.type === 'tool_use' ? [b.id] : [],
  );
  return (
    <li
      className={`turn${rejection ? ' rejected' : ''}`}
      data-turn={turn.index}
      data-conversation={conversation?.conversation}
    >
      {conversation?.starts && conversation.conversation > 1 && (
        <p className="conversation-start">
          Conversation {conversation.conversation} starts here, with a history of its own:{' '}
          <q>{conversation.opening}</q>
        </p>
      )}
      <header className="turn-header">
        <h4>Turn {turn.index}</h4>
        {conversation && (
          <span
            className={`badge conversation conversation-${((conversation.conversation - 1) % 4) + 1}`}
            title="The conversation this call belongs to"
          >
            conversation {conversation.conversation}
          </span>
        )}
        {response && (
          <span className={`badge stop-${response.stop_reason}`} title="stop_reason">
            {response.stop_reason}
          </span>
        )}
        {rejection && (
          <span className={`badge ${rejection.kind === 'invalid-request' ? 'danger' : 'mismatch'}`}>
            {rejectionLabel(rejection)}
          </span>
        )}
        {turn.error && (
          <span className="badge danger">
            {/* 200: the stream had begun, and an error event cut it off. */}
            {turn.error.status === 200
              ? 'cut off'
              : turn.error.status > 0
                ? turn.error.status
                : 'no response'}
          </span>
        )}
        <span className="turn-ms">{Math.round(turn.durationMs)} ms</span>
        {live && response && (
          <span className="turn-tokens" title="Tokens: input · output">
            {formatTokens(response.usage)} tokens
          </span>
        )}
      </header>
      <div className="turn-request">
        <span className="turn-arrow" aria-hidden="true">
          →
        </span>
        <span className="visually-hidden">Request:</span>
        <ol className="role-strip" aria-label={`Request of ${roles.length} messages`}>
          {roles.map((role, i) => (
            <li key={i} className={`role ${role}`}>
              {role}
            </li>
          ))}
        </ol>
        <LazyDetails summary="Raw request">{() => <Json value={request.raw} />}</LazyDetails>
      </div>
      {cache && (
        <p className="turn-cache" data-testid="turn-cache">
          <span className="block-kind">prompt cache</span> {cache}
        </p>
      )}
      {previous && (
        <SentBackNote
          request={request.raw}
          reply={previous.response}
          since={previous.request.messageCount}
        />
      )}
      <SentBlocks request={request.raw} replyIds={replyIds} />
      {turn.retries && (
        <Suspense fallback={null}>
          <RetriesNote retries={turn.retries} />
        </Suspense>
      )}
      {rejection && <RejectionNote rejection={rejection} />}
      {turn.error && (
        <Suspense fallback={<p>HTTP {turn.error.status}</p>}>
          <ApiErrorNote error={turn.error} />
        </Suspense>
      )}
      {response && (
        <div className="turn-response">
          <span className="turn-arrow" aria-hidden="true">
            ←
          </span>
          <div className="turn-response-body">
            <ContentBlocks blocks={response.content} />
            <LazyDetails summary="Raw response">{() => <Json value={response} />}</LazyDetails>
          </div>
        </div>
      )}
      {turn.stream && <StreamReplay stream={turn.stream} turn={turn.index} />}
      {turn.asks && (
        <ul className="ask-runs" aria-label={`The user's answers after turn ${turn.index}`}>
          {turn.asks.map((ask, i) => (
            <AskRun key={i} ask={ask} />
          ))}
        </ul>
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
