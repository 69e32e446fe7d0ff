import type { ApiResponse } from '../api/messages.ts';
import { cacheBreakpointHint } from './cache-breakpoint-hint.ts';
import { conversationKey } from './canonical-request.ts';
import { isJsonObject, jsonEqual } from '../json/json-diff.ts';
import type { SegmentDiff } from '../json/json-diff.ts';

/**
 * Guesses the mistake behind a request that left the recording, from where it left and
 * how the two conversations differ. Both requests arrive canonical (`canonicalizeRequest`),
 * so every message content is a list of blocks.
 */

type Message = Record<string, unknown>;

const fieldHints: Record<string, string> = {
  model:
    "The request's `model` differs from the recording: send the model the lesson uses, on every call.",
  max_tokens:
    "The request's `max_tokens` differs from the recording: check which value your loop sends on this call.",
  tools:
    'The `tools` list differs from the recording: send every tool definition (name, description, input_schema) unchanged, on every call.',
  system:
    'The `system` prompt differs from the recording: send it exactly as given, on every call.',
  thinking:
    "The request's `thinking` setting differs from the recording: send the same setting on every call of a conversation.",
};

export const hints = {
  oneUserMessage:
    "Tool results for one turn belong in ONE user message: collect them all, then push a single {role:'user', content:[...results]}.",
  oneAssistantMessage:
    "A response belongs in ONE assistant message: push {role:'assistant', content: response.content}, not one message per block.",
  resultOrder:
    'Send the results in the order of the tool_use blocks, whatever order the tools finished in.',
  toolUseId: "Copy each tool_use block's `id` into its result's `tool_use_id`.",
  toolOutput:
    "The tool's output differs from the recording: check that you run the tool the tool_use block names, with the block's `input`, and send back what it returns as a string.",
  errorOutput:
    "This result reports a tool that failed: its content should be the error's message (`error.message` for an Error, `String(value)` for anything else thrown).",
  isErrorMissing: "A failing tool's result needs is_error: true.",
  unknownToolOutput: (name: string) =>
    `This result answers \`${name}\`, a name no tool in the request's \`tools\` has: the recording runs nothing for it and answers with an error result saying the tool is unknown. Look tools up by their exact name, and answer any other name that way.`,
  unknownIsErrorMissing: (name: string) =>
    `A failing tool's result needs is_error: true. So does the answer to \`${name}\`, a tool the request's \`tools\` do not have.`,
  isErrorExtra:
    'Only a tool that failed gets is_error: true, and this one succeeded in the recording.',
  missingResult:
    'A tool_result is missing: answer every tool_use block of the response, not just the first.',
  extraResult:
    'This message has more tool_results than the recording: answer each tool_use exactly once.',
  wholeResponse:
    "A message has only `role` and `content`: push {role:'assistant', content: response.content}, not the whole response.",
  assistantChanged:
    "Append the response's content unchanged: push {role:'assistant', content: response.content} without rebuilding or filtering its blocks.",
  firstMessage:
    "The first message differs from the recording: send the user's prompt exactly as given.",
};

export function divergenceHint(
  expected: Message,
  actual: Message,
  diff: SegmentDiff,
  /** The reply the loop got last, if any. */
  previous?: ApiResponse,
): string {
  const [field, index, key, block, leaf] = diff.segments;
  if (field !== 'messages') {
    const name = String(field);
    if (diff.kind === 'extra' && diff.segments.length === 1) {
      return `The recording has no \`${name}\` field: leave it out of the request.`;
    }
    return (
      fieldHints[name] ??
      `The request's \`${name}\` differs from the recording: send it as recorded.`
    );
  }
  const cache = cacheBreakpointHint(expected, diff);
  if (cache) return cache;
  const want = messagesOf(expected);
  const got = messagesOf(actual);
  if (typeof index !== 'number') return 'The `messages` array differs from the recording.';
  if (key === undefined || key === 'role') return messageHint(want, got, index, previous);
  const displaced =
    diff.kind === 'missing' && leaf === undefined && displacedText(want, got, index, block);
  if (displaced) return displaced;
  const split = splitHint(want, got, index);
  if (split) return split;
  const wanted = want[index];
  if (key !== 'content') {
    return wanted?.role === 'assistant' ? hints.wholeResponse : onlyRoleAndContent(index, key);
  }
  if (wanted?.role === 'assistant') return hints.assistantChanged;
  if (sameIdsReordered(wanted, got[index])) return hints.resultOrder;
  const kind = blockType(wanted, block) ?? blockType(got[index], block);
  if (leaf === undefined && kind === 'tool_result') {
    return diff.kind === 'missing' ? hints.missingResult : hints.extraResult;
  }
  if (kind === 'tool_result' && leaf === 'tool_use_id') return hints.toolUseId;
  // A result for a tool the request does not offer: the recording says "unknown", and no
  // tool threw, so advice about thrown errors would point the wrong way.
  const unknown = kind === 'tool_result' ? unofferedTool(expected, want, index, block) : undefined;
  if (kind === 'tool_result' && leaf === 'content') {
    if (unknown !== undefined) return hints.unknownToolOutput(unknown);
    return isErrorResult(wanted, block) ? hints.errorOutput : hints.toolOutput;
  }
  if (kind === 'tool_result' && leaf === 'is_error') {
    if (diff.kind === 'missing' && unknown !== undefined)
      return hints.unknownIsErrorMissing(unknown);
    return diff.kind === 'missing' ? hints.isErrorMissing : hints.isErrorExtra;
  }
  if (index === 0) return hints.firstMessage;
  return `messages[${index}] differs from the recording: compare how your loop builds it.`;
}

/**
 * Where loops take turns calling the model (an agent and its subagents, each with a history
 * of its own), a request whose first message is not the recorded one's may belong to another
 * of the recording's conversations: the calls came in another order than recorded. Names the
 * conversation each belongs to, by the request that starts it; undefined for any other request.
 */
export function otherConversation(
  expected: Message,
  actual: Message,
  recording: readonly Message[],
): string | undefined {
  const [want] = messagesOf(expected);
  const [got] = messagesOf(actual);
  if (!want || !got) return;
  const wanted = conversationKey(expected.messages);
  const mine = conversationKey(actual.messages);
  if (wanted === mine) return;
  const starts = (key: string) =>
    recording.findIndex((request) => conversationKey(request.messages) === key) + 1;
  const mineAt = starts(mine);
  const due = starts(wanted);
  if (mineAt === 0 || due === 0) return;
  return (
    `This request belongs to the conversation that request #${mineAt} starts in the recording (${opening(got)}), ` +
    `but the recording has a call of another one here, the conversation request #${due} starts (${opening(want)}). ` +
    'Where loops take turns calling the model (an agent and its subagents, each with a history of its own), ' +
    'their calls must come in the recorded order: a loop went on where it should have stopped, one started before another was done, or two shared a history.'
  );
}

/** A conversation's first message in short: the start of its text. */
function opening(first: Message): string {
  const [block] = blocksOf(first);
  const text = isJsonObject(block) && typeof block.text === 'string' ? block.text : '';
  return text.length > 50 ? `"${text.slice(0, 50)}…"` : `"${text}"`;
}

function messagesOf(request: Message): Message[] {
  const { messages } = request;
  return Array.isArray(messages) ? messages.filter(isJsonObject) : [];
}

/** A turn split over two messages of one role, where the recording has one, at or before `index`. */
function splitHint(want: Message[], got: Message[], index: number): string | undefined {
  for (let i = 0; i + 1 < got.length && i <= index; i++) {
    const role = got[i]?.role;
    if (role !== got[i + 1]?.role) continue;
    if (want[i]?.role === role && want[i + 1]?.role === role) continue;
    return role === 'user' ? hints.oneUserMessage : hints.oneAssistantMessage;
  }
}

/**
 * A text block the recording has in messages[index], which the loop sent in a message of
 * its own: said by where it went, since a text block is not a tool result.
 */
function displacedText(
  want: Message[],
  got: Message[],
  index: number,
  block: string | number | undefined,
): string | undefined {
  const missing = typeof block === 'number' ? blocksOf(want[index])[block] : undefined;
  if (!isJsonObject(missing) || missing.type !== 'text') return;
  const to = got.findIndex((m, j) => j !== index && blocksOf(m).some((b) => jsonEqual(b, missing)));
  if (to === -1) return;
  const place = blocksOf(want[index]).some((b) => isJsonObject(b) && b.type === 'tool_result')
    ? `in messages[${index}], after the tool_result blocks, in the same user message`
    : `in messages[${index}]`;
  const sent =
    got[to]?.role === 'assistant'
      ? `messages[${to}], with role 'assistant' (the user's words are never the model's)`
      : `messages[${to}], a message of its own`;
  return `This text belongs ${place}: your loop sent it in ${sent}.`;
}

/** Whole messages missing, extra, or out of place. */
function messageHint(
  want: Message[],
  got: Message[],
  index: number,
  previous: ApiResponse | undefined,
): string {
  const wanted = want[index];
  const sent = got[index];
  if (wanted && (!sent || jsonEqual(got, without(want, index)))) {
    if (wanted.role === 'assistant') {
      return `The assistant's response is missing at messages[${index}]: append {role:'assistant', content: response.content} before the tool results.`;
    }
    if (blockType(wanted, 0) === 'tool_result') {
      return `The tool results are missing at messages[${index}]: run each tool_use and append one user message of tool_result blocks.`;
    }
    return `messages[${index}], a user message, is missing.`;
  }
  if (sent && (!wanted || jsonEqual(want, without(got, index)))) {
    if (jsonEqual(sent, got[index - 1])) {
      return `messages[${index}] repeats the message before it: is the same message appended twice?`;
    }
    const before = got[index - 1];
    if (
      previous?.stop_reason === 'pause_turn' &&
      sent.role === 'user' &&
      before?.role === 'assistant' &&
      jsonEqual(before.content, previous.content)
    ) {
      return `messages[${index}] is a user message the recording does not have: after a pause_turn reply, call again with the conversation as it stands, ending with the paused reply, and add no message of your own: the model goes on with its turn.`;
    }
    return `messages[${index}] (${String(sent.role)}) is not in the recorded conversation: append each message once.`;
  }
  return (
    splitHint(want, got, index) ?? `messages[${index}] should be a ${String(wanted?.role)} message.`
  );
}

function without<T>(items: T[], index: number): T[] {
  return [...items.slice(0, index), ...items.slice(index + 1)];
}

function onlyRoleAndContent(index: number, key: string | number): string {
  return `Messages carry only \`role\` and \`content\`: messages[${index}].${String(key)} should not be there.`;
}

function blocksOf(message: Message | undefined): unknown[] {
  return Array.isArray(message?.content) ? message.content : [];
}

function blockType(message: Message | undefined, block: string | number | undefined): unknown {
  const found = typeof block === 'number' ? blocksOf(message)[block] : undefined;
  return isJsonObject(found) ? found.type : undefined;
}

/** True when both messages answer the same tool_use ids, in a different order. */
function sameIdsReordered(want: Message | undefined, got: Message | undefined): boolean {
  const ids = (message: Message | undefined) =>
    blocksOf(message)
      .filter((block) => isJsonObject(block) && block.type === 'tool_result')
      .map((block) => (block as Message).tool_use_id);
  const wanted = ids(want);
  const sent = ids(got);
  return !jsonEqual(wanted, sent) && jsonEqual([...wanted].sort(), [...sent].sort());
}

/**
 * The name the tool_use answered by the recorded result at `block` asks for, when the
 * recorded request's `tools` have no tool of that name.
 */
function unofferedTool(
  expected: Message,
  want: Message[],
  index: number,
  block: string | number | undefined,
): string | undefined {
  const result = typeof block === 'number' ? blocksOf(want[index])[block] : undefined;
  if (!isJsonObject(result) || !Array.isArray(expected.tools)) return;
  const use = blocksOf(want[index - 1]).find(
    (b) => isJsonObject(b) && b.type === 'tool_use' && b.id === result.tool_use_id,
  );
  if (!isJsonObject(use) || typeof use.name !== 'string') return;
  const offered = expected.tools.some((tool) => isJsonObject(tool) && tool.name === use.name);
  return offered ? undefined : use.name;
}

/** Whether the recorded block at `block` is a tool_result with is_error: true. */
function isErrorResult(message: Message | undefined, block: unknown): boolean {
  const content = message?.content;
  if (!Array.isArray(content) || typeof block !== 'number') return false;
  const found: unknown = content[block];
  return isJsonObject(found) && found.is_error === true;
}
