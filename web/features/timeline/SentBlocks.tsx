import { sentBlocks } from './request-view.ts';

interface Props {
  /** The request's newest message. */
  message: unknown;
  /** The ids of the previous reply's tool_use blocks (undefined on the first request). */
  replyIds: readonly string[] | undefined;
}

/** Characters of a block's content shown; the raw request has all of it. */
const SHOWN_CHARS = 300;

/**
 * What the learner's code sent in its newest message: each tool_result (the id it answers,
 * is_error, the content) and any text, so a wrong id or a missing result shows at a glance.
 */
export function SentBlocks({ message, replyIds }: Props) {
  const blocks = sentBlocks(message, replyIds);
  if (blocks.length === 0) return null;
  return (
    <ul className="sent-blocks" aria-label="Sent in this request">
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
