import { diffJson } from '../../../core/index.ts';

/**
 * What the learner's code sent in a request, read defensively: the request is whatever their
 * code built, so any field may be missing or of the wrong type.
 */

/** A block of the request's newest message, as the transcript shows it. */
export type SentBlock =
  | {
      type: 'tool_result';
      toolUseId: string;
      isError: boolean;
      /** The content as text (a string, or its text blocks joined). */
      content: string;
      /**
       * Whether the id answers a tool_use of the model's previous reply (undefined on the
       * first request, where there is no reply to answer).
       */
      answers: boolean | undefined;
    }
  | { type: 'text'; text: string }
  | { type: 'other'; name: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The roles of a request's messages, in order ("user", "assistant", ...; "?" when absent). */
export function requestRoles(raw: unknown): string[] {
  const messages = isRecord(raw) && Array.isArray(raw.messages) ? raw.messages : [];
  return messages.map((m) => (isRecord(m) && typeof m.role === 'string' ? m.role : '?'));
}

/**
 * The messages the learner's code wrote since the model's last reply in a request (what it
 * sends back this time), with their indexes in `messages`: usually one user message, but a
 * loop that splits its results sends several.
 */
export function sentMessages(raw: unknown): { index: number; message: unknown }[] {
  const messages = isRecord(raw) && Array.isArray(raw.messages) ? raw.messages : [];
  let from = messages.length;
  while (from > 0 && !(isRecord(messages[from - 1]) && messages[from - 1].role === 'assistant')) {
    from--;
  }
  // The first request has no reply before it: only its newest message is the loop's news.
  if (from === 0) from = Math.max(messages.length - 1, 0);
  return messages.slice(from).map((message, i) => ({ index: from + i, message }));
}

/**
 * The blocks of one message, when the learner's code wrote it (a user message): the
 * tool_results it sends back and any text. `previousToolUseIds` are the ids of the tool_use
 * blocks of the model's previous reply, undefined when there was none.
 */
export function sentBlocks(newest: unknown, previousToolUseIds?: readonly string[]): SentBlock[] {
  if (!isRecord(newest) || newest.role !== 'user') return [];
  const content = newest.content;
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  return content.map((block): SentBlock => {
    if (!isRecord(block)) return { type: 'other', name: typeof block };
    if (block.type === 'text') return { type: 'text', text: String(block.text ?? '') };
    if (block.type !== 'tool_result') return { type: 'other', name: String(block.type) };
    const toolUseId = typeof block.tool_use_id === 'string' ? block.tool_use_id : '';
    return {
      type: 'tool_result',
      toolUseId,
      isError: block.is_error === true,
      content: contentText(block.content),
      answers: previousToolUseIds ? previousToolUseIds.includes(toolUseId) : undefined,
    };
  });
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((b) => (isRecord(b) && b.type === 'text' ? String(b.text ?? '') : JSON.stringify(b)))
      .join('');
  }
  return content === undefined ? '' : JSON.stringify(content);
}

/** How the newest assistant message of a request differs from the reply it stands for. */
export interface SentBack {
  /** Its index in `messages`. */
  index: number;
  /** The block types it holds, in order (`text` for string content). */
  sent: string[];
  /** The reply's block types, in order. */
  reply: string[];
  /** Where the two first differ, a path into the message's `content` (`[0].signature`). */
  at: string;
}

/**
 * The reply as the code sent it back, when that is not the reply as it came (undefined when it
 * is, or when no assistant message was appended since the request before): dropped, moved or edited blocks (a thinking
 * block's signature, say) are the mistake a 400 or a mismatch further on is about.
 */
export function sentBack(
  raw: unknown,
  reply: { content: readonly { type: string }[] } | undefined,
  /** How many messages the request before had: the reply is appended after them. */
  since: number,
): SentBack | undefined {
  const messages = isRecord(raw) && Array.isArray(raw.messages) ? raw.messages : [];
  let index = messages.length - 1;
  while (index >= 0 && !(isRecord(messages[index]) && messages[index].role === 'assistant'))
    index--;
  const message: unknown = messages[index];
  // An assistant message the request before had already is not this reply (a retry resends it).
  if (!reply || index < since || !isRecord(message)) return;
  const content = message.content;
  const blocks = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
  const [first] = diffJson(reply.content, blocks, 1);
  if (!first) return;
  const types = Array.isArray(blocks)
    ? blocks.map((b) => (isRecord(b) && typeof b.type === 'string' ? b.type : '?'))
    : [];
  return { index, sent: types, reply: reply.content.map((b) => b.type), at: first.path };
}
