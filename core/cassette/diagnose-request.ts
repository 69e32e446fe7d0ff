import type { ApiResponse } from '../api/messages.ts';
import { canonicalizeRequest } from './canonical-request.ts';
import { isJsonObject, jsonEqual } from '../json/json-diff.ts';

/**
 * Mistakes a request's shape gives away, whatever the API (or the recording) objects to
 * first: the 400 a request gets, or its first difference from the recording, is a symptom,
 * and its usual advice would point the wrong way. Each diagnosis names the mistake from what
 * the loop was sent so far (`replies`) and what it sends now.
 */

type Message = Record<string, unknown>;

const EMPTY_TEXT = { type: 'text', text: '' };

/** Claude 4.6 and later refuse prefill: what the API's 400 for a final assistant message means. */
const PREFILL = '(Claude 4.6 and later refuse a request that ends with an assistant message.)';

export const diagnoses = {
  cutOffKept: (index: number, larger: boolean) =>
    `The reply cut off at max_tokens is not part of the conversation: your loop appended it as messages[${index}]. Leave it out, run none of its tool calls, and call again with the same messages${larger ? ' and a larger max_tokens' : ''}.`,
  finishedThenCalled: (stopReason: string, next: string | undefined) =>
    next === undefined
      ? `The model had ended its turn (stop_reason "${stopReason}"), and the recording ends with that reply: the loop should have returned there, not called the model again with the reply as the last message. ${PREFILL}`
      : `The model had ended its turn (stop_reason "${stopReason}"), and the recorded conversation goes on after that reply with ${next}: your request ends with the reply itself. Append that message after it, then call again. ${PREFILL}`,
  emptyAfterNoTools: (index: number, stopReason: string, next: string | undefined) =>
    `messages[${index}] is empty: it follows a reply that asked for no tools (stop_reason "${stopReason}"), so there were no results to send. ` +
    (next === undefined
      ? 'The recording ends with that reply: the loop should have returned there.'
      : `The recorded conversation goes on with ${next} there.`),
  notTheModels: (index: number, afterResults: boolean) =>
    `messages[${index}] has role 'assistant', but the model never sent it: only the model's own replies go in as assistant messages. ` +
    (afterResults
      ? `Text from the user belongs in the user message before it, after the tool_result blocks.`
      : `Text from the user goes in a user message.`),
  contextFullKept: (index: number) =>
    `The reply that filled the context window (stop_reason "model_context_window_exceeded") ends the loop: there is no room for another call. Your loop appended it as messages[${index}] and called again: stop there, and run none of its tool calls.`,
  unknownUnanswered: (index: number, names: readonly string[]) =>
    `The reply asked for ${names.map((n) => `\`${n}\``).join(' and ')}, which the request's \`tools\` do not list, and messages[${index}] has no tool_result for ${names.length === 1 ? 'it' : 'them'}: a tool the loop does not have still gets its tool_result, with is_error: true and content that says the tool is unknown, so the model hears about it.`,
  resultsMissing: (index: number, uses: number) =>
    `messages[${index}] follows a reply with ${uses === 1 ? 'a tool_use block' : `${uses} tool_use blocks`}, so it should hold ${uses === 1 ? 'its tool_result' : 'their tool_results'}, but it was sent empty: the results were not there yet when the request was sent. \`forEach(async ...)\` does not wait for its callbacks: use \`for...of\` with \`await\`, or \`await Promise.all(...)\`, before sending.`,
};

/** The sentence that leads a report when the worker saw a Promise in the request. */
export function unawaitedCause(paths: readonly string[]): string {
  const [first] = paths;
  const more =
    paths.length > 1
      ? ` (${paths.length - 1 === 1 ? 'So is 1 more value' : `So are ${paths.length - 1} more values`} in this request.)`
      : '';
  return `${first || 'the request'} is a Promise: did you forget \`await\`?${more} The request crosses as JSON, where a Promise is \`{}\`: await each value before putting it in the request.`;
}

/**
 * A diagnosis of `request`, or undefined when its shape shows none of these mistakes.
 * `recorded` is the request the recording holds at this point, when it holds one.
 */
export function diagnoseRequest(
  request: Record<string, unknown>,
  replies: readonly ApiResponse[],
  recorded?: Record<string, unknown>,
): string | undefined {
  const messages = messagesOf(canonicalizeRequest(request));
  const wanted = recorded ? messagesOf(canonicalizeRequest(recorded)) : [];
  const inRecording = (message: Message) => wanted.some((m) => jsonEqual(m, message));
  for (const [i, message] of messages.entries()) {
    if (message.role !== 'assistant' || inRecording(message)) continue;
    const reply = replies.find((r) => jsonEqual(r.content, message.content));
    // Only where the recording calls again (a retry): after its last call, calling at all is
    // the mistake, and the API's words or the exhausted recording say so.
    if (reply?.stop_reason === 'max_tokens' && recorded) {
      return diagnoses.cutOffKept(i, Number(recorded.max_tokens) > reply.usage.output_tokens);
    }
    // The recording never goes on after a full context window: calling again is the mistake.
    if (reply?.stop_reason === 'model_context_window_exceeded') return diagnoses.contextFullKept(i);
    if (!reply && !sharesABlock(message, replies)) {
      return diagnoses.notTheModels(i, hasResults(messages[i - 1]));
    }
  }
  const tools = toolNames(request);
  for (const [i, message] of messages.entries()) {
    const uses = toolUses(messages[i - 1]);
    if (message.role !== 'user' || uses.length === 0) continue;
    const answered = new Set(
      blocksOf(message).filter(ofType('tool_result')).map(idOf('tool_use_id')),
    );
    const unknown = uses.filter((use) => !answered.has(use.id) && tools && !tools.has(use.name));
    // The advice holds where the recording answers such a call with an error result.
    const errorAnswered = (id: string) =>
      blocksOf(wanted[i]).some(
        (b) =>
          isJsonObject(b) &&
          b.type === 'tool_result' &&
          b.tool_use_id === id &&
          b.is_error === true,
      );
    if (unknown.length > 0 && unknown.every((use) => errorAnswered(use.id)))
      return diagnoses.unknownUnanswered(
        i,
        unknown.map((use) => use.name),
      );
    if (blocksOf(message).length === 0) return diagnoses.resultsMissing(i, uses.length);
  }
  return (
    finishedThenCalled(messages, replies, wanted) ?? emptyAfterNoTools(messages, replies, wanted)
  );
}

/**
 * A request that ends with the reply the model finished on: what the recording does after that
 * reply (nothing, or a message of the user's) says what the loop should have done.
 */
function finishedThenCalled(
  messages: Message[],
  replies: readonly ApiResponse[],
  wanted: Message[],
): string | undefined {
  const last = messages.at(-1);
  const reply = replies.at(-1);
  if (last?.role !== 'assistant' || !reply || !jsonEqual(last.content, reply.content)) return;
  if (reply.stop_reason === 'tool_use' || reply.stop_reason === 'pause_turn') return;
  const next = wanted.length > messages.length ? wanted[messages.length] : undefined;
  return diagnoses.finishedThenCalled(reply.stop_reason, next && describeMessage(next));
}

/** An empty user message after a reply that asked for no tools: the loop went on after it. */
function emptyAfterNoTools(
  messages: Message[],
  replies: readonly ApiResponse[],
  wanted: Message[],
): string | undefined {
  for (const [i, message] of messages.entries()) {
    const before = messages[i - 1];
    // Canonical: an empty string is one empty text block.
    const blocks = blocksOf(message);
    const empty = blocks.length === 0 || (blocks.length === 1 && jsonEqual(blocks[0], EMPTY_TEXT));
    if (message.role !== 'user' || !empty) continue;
    if (before?.role !== 'assistant' || toolUses(before).length > 0) continue;
    const reply = replies.find((r) => jsonEqual(r.content, before.content));
    if (!reply) continue;
    const next = wanted[i];
    return diagnoses.emptyAfterNoTools(i, reply.stop_reason, next && describeMessage(next));
  }
}

/** A message in short: `a user message of 1 text block`. */
function describeMessage(message: Message): string {
  const blocks = blocksOf(message);
  const counts = new Map<string, number>();
  for (const block of blocks) {
    const type = isJsonObject(block) && typeof block.type === 'string' ? block.type : 'other';
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const parts = [...counts].map(([type, n]) => `${n} ${type} block${n === 1 ? '' : 's'}`);
  const role = String(message.role);
  return `${role === 'assistant' ? 'an' : 'a'} ${role} message of ${parts.join(' and ') || 'no blocks'}`;
}

/** The names of the tools the request offers, or undefined when it sends no `tools`. */
function toolNames(request: Record<string, unknown>): Set<string> | undefined {
  if (!Array.isArray(request.tools)) return;
  return new Set(request.tools.filter(isJsonObject).map(idOf('name')));
}

const idOf = (key: string) => (block: unknown) =>
  isJsonObject(block) && typeof block[key] === 'string' ? block[key] : '';

function messagesOf(request: Record<string, unknown>): Message[] {
  return Array.isArray(request.messages) ? request.messages.filter(isJsonObject) : [];
}

function blocksOf(message: Message | undefined): unknown[] {
  return Array.isArray(message?.content) ? message.content : [];
}

const ofType = (type: string) => (block: unknown) => isJsonObject(block) && block.type === type;

function toolUses(message: Message | undefined): { id: string; name: string }[] {
  if (message?.role !== 'assistant') return [];
  return blocksOf(message)
    .filter(ofType('tool_use'))
    .map((block) => ({ id: idOf('id')(block), name: idOf('name')(block) }));
}

function hasResults(message: Message | undefined): boolean {
  return message?.role === 'user' && blocksOf(message).some(ofType('tool_result'));
}

/**
 * Whether the message is made of what the model sent: a reply rebuilt (some of its blocks, or
 * its text joined), not words of the loop's own.
 */
function sharesABlock(message: Message, replies: readonly ApiResponse[]): boolean {
  const blocks = blocksOf(message);
  const text = textOf(blocks);
  return replies.some(
    (reply) =>
      (text !== '' && text === textOf(reply.content)) ||
      blocks.some((block) => reply.content.some((sent) => jsonEqual(sent, block))),
  );
}

function textOf(blocks: readonly unknown[]): string {
  return blocks.map((b) => (isJsonObject(b) && b.type === 'text' ? String(b.text) : '')).join('');
}
