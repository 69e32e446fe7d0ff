import type { ApiResponse } from '../api/messages.ts';
import { canonicalizeRequest } from './canonical-request.ts';
import { isJsonObject, jsonEqual } from '../json/json-diff.ts';

/**
 * What to change when a request left the recording where one of the two rewrote the
 * conversation instead of going on with it: a loop that compacts its history asks the model
 * for a summary of the older turns (a request that sends the start of the conversation, then a
 * user message asking for it), then goes on with the summary in their place. Every other loop
 * sends each request's conversation again with more at its end, so a request that does not is
 * a compaction, the recording's or the learner's. Undefined when neither request rewrites the
 * conversation, or there is no request before to compare with.
 */

type Message = Record<string, unknown>;

export function compactionHint(
  recorded: Record<string, unknown>,
  request: Record<string, unknown>,
  /** The requests the recording holds before this one, in order. */
  earlier: readonly Record<string, unknown>[],
  replies: readonly ApiResponse[],
): string | undefined {
  const last = earlier.at(-1);
  if (!last) return;
  const before = conversation(last);
  const want = conversation(recorded);
  const got = conversation(request);
  const number = earlier.length + 1;
  const beforeLast = earlier.at(-2);
  // The request before was the recording's summary request: this one is the compacted history.
  if (beforeLast && summarised(conversation(beforeLast), before) !== undefined) {
    return afterSummary(before.slice(0, -1), want, got, number, replies.at(-1));
  }
  const wantSummary = summarised(before, want);
  if (wantSummary !== undefined) {
    const asks = `request #${number} asks the model to summarise the conversation's first ${count(wantSummary)} (then messages[${wantSummary}], a user message, asks for the summary), and the last ${before.length + 2 - wantSummary} stay as they are`;
    // The learner's may summarise all that the last request sent, as the recording never does.
    const gotSummary = summarised(before, got, true);
    if (gotSummary !== undefined && gotSummary !== wantSummary) {
      return `The recording compacts here, and so does your loop, but ${asks}; yours summarises the first ${count(gotSummary)}. The kept part is the last messages, as many as asked, and one more when the first of them is a user message, so that it starts with a reply of the model.`;
    }
    if (goesOn(before, got)) {
      return `The recording compacts here: after the reply to request #${number - 1}, ${asks}. Your loop sent the whole conversation on instead: compare that reply's whole input (input_tokens and the cache's counts) with the threshold.`;
    }
    if (got.length === wantSummary && jsonEqual(got, want.slice(0, wantSummary))) {
      return `The recording compacts here: ${asks}. Your request stops where the summarised part ends: after those messages, add the user message that asks for the summary.`;
    }
    return `The recording compacts here: ${asks}.`;
  }
  // Only a request shaped as a summary request is the learner's compaction: any other request
  // that does not go on is a history built wrong, which the other hints name better.
  const gotSummary = summarised(before, got);
  if (goesOn(before, want) && gotSummary !== undefined) {
    return `The recording does not compact here: request #${number} sends the conversation on as it was, and yours asks for a summary of its first ${count(gotSummary)}. Compact only after a reply whose whole input is over the threshold, and only when a reply of the model would be summarised, not the user's prompt alone.`;
  }
}

/**
 * The hint for the request after the recording's summary request: `older` is what that
 * request summarised, and `want` is the summary (messages[0]) and the kept messages.
 */
function afterSummary(
  older: readonly Message[],
  want: readonly Message[],
  got: readonly Message[],
  number: number,
  summaryReply: ApiResponse | undefined,
): string | undefined {
  const kept = want.slice(1);
  const whole = [...older, ...kept];
  const sends = `request #${number} sends the summary (messages[0]), then the last ${count(kept.length)} of the history as they were`;
  if (
    goesOn(whole, got) ||
    (got.length > want.length && jsonEqual(got.slice(0, older.length), older))
  ) {
    return `The recording's history is compacted here: ${sends}. Your loop still sends the messages it summarised: put the summary in their place, in the history itself.`;
  }
  if (got.length === want.length && jsonEqual(got.slice(1), kept)) {
    const summary = textOf(summaryReply?.content);
    const carries = summary !== '' && textOf([want[0]].flatMap(blocksOf)).includes(summary);
    if (carries) {
      return `messages[0] is the summary: the recording's holds the text of the reply to request #${number - 1}, the summary the model wrote, in the summary message. Yours holds something else there.`;
    }
  }
  if (jsonEqual(got, want)) return;
  return `The recording's history is compacted here: ${sends} (the kept part starts with a reply of the model).`;
}

/** A request's messages in canonical form, without their cache marks. */
function conversation(request: Record<string, unknown>): Message[] {
  const { messages } = canonicalizeRequest(request);
  return Array.isArray(messages) ? messages.filter(isJsonObject).map(unmarked) : [];
}

function unmarked(message: Message): Message {
  if (!Array.isArray(message.content)) return message;
  const content = message.content.map((block: unknown) => {
    if (!isJsonObject(block)) return block;
    const { cache_control: _mark, ...rest } = block;
    return rest;
  });
  return { ...message, content };
}

/** Whether `next` sends all of `previous`, in order, and maybe more (a retry sends the same). */
function goesOn(previous: readonly Message[], next: readonly Message[]): boolean {
  return next.length >= previous.length && jsonEqual(next.slice(0, previous.length), previous);
}

/**
 * How many messages of `previous` a summary request `next` sends, when it is one: the start of
 * the conversation, fewer than all of it, then one user message of its own, in words.
 */
function summarised(
  previous: readonly Message[],
  next: readonly Message[],
  /** Count a request that summarises every message `previous` sent. */
  all = false,
): number | undefined {
  const sent = next.length - 1;
  const ask = next[sent];
  if (sent < 1 || sent > previous.length || (sent === previous.length && !all)) return;
  // The request for a summary is words: a message of tool results answers calls instead.
  if (ask?.role !== 'user' || blocksOf(ask).some((b) => isJsonObject(b) && b.type !== 'text')) {
    return;
  }
  return jsonEqual(next.slice(0, sent), previous.slice(0, sent)) ? sent : undefined;
}

function blocksOf(message: Message | undefined): unknown[] {
  return Array.isArray(message?.content) ? message.content : [];
}

/** The text blocks of `content`, joined. */
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block: unknown) =>
      isJsonObject(block) && block.type === 'text' ? String(block.text) : '',
    )
    .join('');
}

function count(messages: number): string {
  return messages === 1 ? '1 message' : `${messages} messages`;
}
