import { sentBack, sentBlocks, sentMessages } from './request-view.ts';

interface Props {
  /** The request as the learner's code sent it. */
  request: unknown;
  /** The ids of the previous reply's tool_use blocks (undefined on the first request). */
  replyIds: readonly string[] | undefined;
}

/** Characters of a block's content shown; the raw request has all of it. */
const SHOWN_CHARS = 300;

/**
 * What the learner's code sent since the model's last reply: each tool_result (the id it
 * answers, is_error, the content) and any text, message by message, so a wrong id, a missing
 * result or results split over several messages show at a glance.
 */
export function SentBlocks({ request, replyIds }: Props) {
  const messages = sentMessages(request);
  if (messages.length === 0) return null;
  return (
    <div className="sent-messages">
      {messages.map(({ index, message }) => (
        <div key={index} className="sent-message">
          {messages.length > 1 && <span className="sent-index">messages[{index}]</span>}
          <MessageBlocks message={message} replyIds={replyIds} index={index} />
        </div>
      ))}
    </div>
  );
}

function MessageBlocks({
  message,
  replyIds,
  index,
}: {
  message: unknown;
  replyIds: Props['replyIds'];
  index: number;
}) {
  const blocks = sentBlocks(message, replyIds);
  if (blocks.length === 0) return null;
  return (
    <ul className="sent-blocks" aria-label={`Sent in messages[${index}]`}>
      {blocks.map((block, i) => {
        if (block.type === 'text') {
          return (
            <li key={i} className="sent-text">
              <span className="block-kind">text</span>
              <span className="sent-content">{cut(block.text)}</span>
            </li>
          );
        }
        if (block.type === 'other') {
          return (
            <li key={i}>
              <span className="block-kind">{block.name}</span>
            </li>
          );
        }
        return (
          <li
            key={i}
            className={`sent-tool-result${block.answers === false ? ' unanswered' : ''}`}
            data-tool-use-id={block.toolUseId}
            data-is-error={block.isError}
          >
            <span className="block-kind">tool_result</span>
            <code className="sent-id">{block.toolUseId || '(no tool_use_id)'}</code>
            {block.isError && <span className="badge danger">is_error</span>}
            {block.answers === false && (
              <span className="badge mismatch">matches no tool_use of the last reply</span>
            )}
            <span className="sent-content">{cut(block.content) || '(empty)'}</span>
          </li>
        );
      })}
    </ul>
  );
}

function cut(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/**
 * The reply as the code sent it back, when it is not the reply as it came: its blocks' types
 * beside the reply's, and where the two first differ (a thinking block dropped, moved, or its
 * signature changed is what the API's 400 is about).
 */
export function SentBackNote({
  request,
  reply,
  since,
}: {
  request: unknown;
  reply: { content: readonly { type: string }[] } | undefined;
  /** How many messages the request before had. */
  since: number;
}) {
  const back = sentBack(request, reply, since);
  if (!back) return null;
  return (
    <p className="sent-back" data-at={back.at}>
      <span className="badge mismatch">not the reply as it came</span> messages[{back.index}] sent
      the last reply back as <code>{back.sent.join(' · ') || '(no blocks)'}</code>; it came as{' '}
      <code>{back.reply.join(' · ')}</code>, and they first differ at <code>content{back.at}</code>.
    </p>
  );
}
