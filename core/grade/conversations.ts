import { conversationKey } from '../cassette/canonical-request.ts';
import type { Turn } from './report.ts';

/**
 * Which of a run's conversations each model call belongs to. A run's calls are one sequence,
 * but loops may take turns in it (an agent and the subagents it starts, each with a history of
 * its own): a request belongs to the conversation whose first message it starts with, and a
 * threaded `continue` to the one whose reply it continues. The transcript marks where each
 * starts, and reads a request against the last reply of its own conversation.
 */
export interface TurnConversation {
  /** 1-based: the run's first conversation is 1. */
  conversation: number;
  /** This request is the first of its conversation. */
  starts: boolean;
  /** Where this conversation's previous call is in `turns` (0-based), if it had one. */
  previous: number | undefined;
  /** The conversation's first message as text, to name it by (cut to 80 characters). */
  opening: string;
}

export function conversationsOf(turns: readonly Turn[]): TurnConversation[] {
  const byFirst = new Map<string, number>();
  const byReply = new Map<string, number>();
  const openings: string[] = [];
  const last: (number | undefined)[] = [];
  return turns.map((turn, i) => {
    const request = record(turn.request.raw);
    const thread = record(request?.thread);
    const messages = Array.isArray(request?.messages) ? request.messages : [];
    const continued =
      thread?.type === 'continue' ? byReply.get(String(thread.previous_message_id)) : undefined;
    const key = conversationKey(messages);
    let conversation = continued ?? byFirst.get(key);
    const starts = conversation === undefined;
    if (conversation === undefined) {
      conversation = openings.length + 1;
      openings.push(openingOf(messages[0]));
    }
    if (!byFirst.has(key) && continued === undefined) byFirst.set(key, conversation);
    if (turn.response) byReply.set(turn.response.id, conversation);
    const previous = last[conversation];
    last[conversation] = i;
    return { conversation, starts, previous, opening: openings[conversation - 1] ?? '' };
  });
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function openingOf(message: unknown): string {
  const content = record(message)?.content;
  const text =
    typeof content === 'string'
      ? content
      : Array.isArray(content)
        ? content
            .map((b) => (record(b)?.type === 'text' ? String(record(b)?.text ?? '') : ''))
            .join('')
        : '';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}
