import type { ApiResponse, ReplyBlock } from '../api/messages.ts';
import { isJsonObject } from '../json/json-diff.ts';
import type { RequestIssue, ShapedMessage } from './request-issue.ts';

/**
 * Thinking, as the Messages API checks it, in its words: the request's `thinking` setting (its
 * shape, what the model accepts, the budget against `max_tokens`), and the thinking blocks a
 * tool loop sends back. With thinking on, the reply that asked for tools goes back with its
 * `thinking` and `redacted_thinking` blocks first, unchanged and in their order; the API knows
 * a block it sent by its signature (here: the blocks of the replies the session gave), so an
 * edited text, signature or `data` is refused, whatever the recording holds.
 */

const DOCS = 'https://docs.claude.com/en/docs/build-with-claude/extended-thinking';

const thinkingMessages = {
  dropped: (at: string, found: string) =>
    `${at}.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`. Please consult our documentation at ${DOCS}`,
  notFirst: (at: string, found: string) =>
    `${at}: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found ${found}.`,
  modified: (at: string) =>
    `${at}: \`thinking\` or \`redacted_thinking\` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.`,
  invalidSignature: (at: string) => `${at}: Invalid \`signature\` in \`thinking\` block`,
  invalidData: (at: string) => `${at}: Invalid \`data\` in \`redacted_thinking\` block`,
  budgetAboveMax: `\`max_tokens\` must be greater than \`thinking.budget_tokens\`. Please consult our documentation at ${DOCS}#max-tokens-and-context-window-size`,
  unsupported: (type: string, use: string) =>
    `"thinking.type.${type}" is not supported for this model. ${use}`,
};

const explain = {
  config:
    "The request's `thinking` is an object tagged by `type`: `{ type: 'adaptive' }` on current models (add `display: 'summarized'` to get the thinking's text back).",
  budget:
    '`budget_tokens` is the most tokens the model may think with: at least 1,024, and less than `max_tokens`, which counts the thinking and the answer together.',
  model:
    "This model does not take that kind of thinking: claude-sonnet-5-5 thinks adaptively (`{ type: 'adaptive' }`, the default), and `between_tools` is its lowest setting.",
  dropped:
    'The reply that asked for tools went back without its thinking: with thinking on, an assistant turn that used tools is sent back with its thinking and redacted_thinking blocks first, exactly as they came in response.content.',
  notFirst:
    "An assistant message with thinking starts with its thinking blocks, as the model's reply did: send response.content back in its own order, thinking first.",
  modified:
    "A thinking or redacted_thinking block of the reply went back changed, missing or out of order: send every block of response.content back exactly as it came, in its order. The API checks each one against its signature: the model's reasoning is not yours to edit.",
  invalid:
    'A thinking block of an earlier reply went back changed: its text or its signature is not what the model sent. Thinking blocks go back byte for byte as they came.',
};

type ThinkingType = 'enabled' | 'disabled' | 'between_tools' | 'adaptive';
const TAGS: readonly ThinkingType[] = ['enabled', 'disabled', 'between_tools', 'adaptive'];
const FIELDS: Record<ThinkingType, readonly string[]> = {
  enabled: ['type', 'budget_tokens', 'display'],
  disabled: ['type'],
  between_tools: ['type'],
  adaptive: ['type', 'display'],
};

/** What a model does with `thinking`: the types it accepts. */
interface Support {
  accepts: readonly ThinkingType[];
  /** What the 400 for a type it refuses advises instead. */
  instead: string | ((type: ThinkingType) => string);
}

const ADAPTIVE =
  'Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';

/**
 * The thinking each model accepts (the API's "Troubleshooting thinking" table and the models'
 * migration guides): budgets (`enabled`) until Claude 4.6, adaptive from 4.6; only Claude
 * Sonnet 5.5 takes `between_tools`, in place of `disabled`;
 * Claude Opus 5.5 and Fable 5.1 cannot turn thinking off. Undefined for a name it cannot read.
 */
export function thinkingSupport(model: string): Support | undefined {
  const name = /^claude-([a-z]+)-(\d+)(?:-(\d{1,2}))?(?:-\d{8})?$/.exec(model);
  if (!name) return;
  const family = name[1]!;
  const version = Number(name[2]) + Number(name[3] ?? 0) / 10;
  if (family === 'sonnet' && version === 5.5) {
    return {
      accepts: ['adaptive', 'between_tools'],
      instead: (type) =>
        type === 'disabled'
          ? 'Use "thinking.type.between_tools" to turn off up-front thinking.'
          : ADAPTIVE,
    };
  }
  if ((family === 'opus' && version === 5.5) || (family === 'fable' && version === 5.1)) {
    return { accepts: ['adaptive'], instead: ADAPTIVE };
  }
  if (version >= 4.7) {
    return { accepts: ['adaptive', 'disabled'], instead: ADAPTIVE };
  }
  if (version >= 4.6) {
    return { accepts: ['enabled', 'adaptive', 'disabled'], instead: ADAPTIVE };
  }
  return {
    accepts: ['enabled', 'disabled'],
    instead:
      'Use "thinking.type.enabled" with "thinking.budget_tokens" to control thinking behavior.',
  };
}

/**
 * The request's `thinking` as the API reads it: its shape first (as its schema reports it),
 * then what the model accepts, then the budget against `max_tokens`.
 */
export function checkThinkingConfig(
  thinking: unknown,
  model: string,
  maxTokens: number,
): RequestIssue | undefined {
  if (thinking === undefined || thinking === null) return;
  const issue = (message: string, explanation = explain.config) => ({ message, explanation });
  if (!isJsonObject(thinking)) {
    return issue('thinking: Input should be a valid dictionary or object to extract fields from');
  }
  const { type } = thinking;
  if (type === undefined)
    return issue("thinking: Unable to extract tag using discriminator 'type'");
  if (typeof type !== 'string' || !TAGS.includes(type as ThinkingType)) {
    const expected = TAGS.map((tag) => `'${tag}'`).join(', ');
    return issue(
      `thinking: Input tag '${String(type)}' found using 'type' does not match any of the expected tags: ${expected}`,
    );
  }
  const tag = type as ThinkingType;
  const at = `thinking.${tag}`;
  const extra = Object.keys(thinking).find((key) => !FIELDS[tag].includes(key));
  if (extra !== undefined) return issue(`${at}.${extra}: Extra inputs are not permitted`);
  const { budget_tokens: budget, display } = thinking;
  if (tag === 'enabled') {
    if (budget === undefined) return issue(`${at}.budget_tokens: Field required`, explain.budget);
    if (!Number.isInteger(budget)) {
      return issue(`${at}.budget_tokens: Input should be a valid integer`, explain.budget);
    }
    if ((budget as number) < 1024) {
      return issue(
        `${at}.budget_tokens: Input should be greater than or equal to 1024`,
        explain.budget,
      );
    }
  }
  if (
    display !== undefined &&
    display !== null &&
    display !== 'summarized' &&
    display !== 'omitted'
  ) {
    return issue(`${at}.display: Input should be 'summarized' or 'omitted'`);
  }
  const support = thinkingSupport(model);
  if (support && !support.accepts.includes(tag)) {
    const { instead } = support;
    const use = typeof instead === 'string' ? instead : instead(tag);
    return issue(thinkingMessages.unsupported(tag, use), explain.model);
  }
  if (tag === 'enabled' && (budget as number) >= maxTokens) {
    return issue(thinkingMessages.budgetAboveMax, explain.budget);
  }
}

/**
 * Whether thinking is on for this request, as far as its thinking blocks go: off only when it
 * says `disabled`. Without a `thinking`, the model's default decides, and the replies tell it:
 * a model that does not think unasked sends no thinking blocks to send back.
 */
export function thinkingOn(thinking: unknown): boolean {
  return !(isJsonObject(thinking) && thinking.type === 'disabled');
}

type Block = Record<string, unknown>;
const isThinking = (block: unknown): block is Block =>
  isJsonObject(block) && (block.type === 'thinking' || block.type === 'redacted_thinking');

/**
 * The thinking blocks of the conversation's assistant messages, against the replies the API
 * gave (`replies`, every one so far): each starts its message, each is one the API sent (text
 * and signature, or `data`, as they came), and the latest assistant message, when it asked
 * for tools, goes back with its reply's thinking blocks first, all of them, in their order.
 * `on`: whether the request has thinking on.
 */
export function checkThinkingBlocks(
  messages: readonly ShapedMessage[],
  replies: readonly ApiResponse[],
  on: boolean,
): RequestIssue | undefined {
  const assistants = messages.flatMap((message, i) =>
    message.role === 'assistant' && Array.isArray(message.content)
      ? [{ index: i, blocks: message.content }]
      : [],
  );
  for (const { index, blocks } of assistants) {
    const [first] = blocks;
    if (blocks.some(isThinking) && !isThinking(first)) {
      const message = thinkingMessages.notFirst(`messages.${index}.content.0`, typeOf(first));
      return { message, explanation: explain.notFirst };
    }
  }
  const latest = assistants.at(-1);
  const known = knownBlocks(replies);
  for (const { index, blocks } of assistants) {
    for (const [j, block] of blocks.entries()) {
      if (!isThinking(block) || known.has(key(block))) continue;
      const at = `messages.${index}.content.${j}`;
      if (index === latest?.index)
        return { message: thinkingMessages.modified(at), explanation: explain.modified };
      const message =
        block.type === 'thinking'
          ? thinkingMessages.invalidSignature(at)
          : thinkingMessages.invalidData(at);
      return { message, explanation: explain.invalid };
    }
  }
  if (!latest || !on) return;
  return checkSentBack(latest.index, latest.blocks, replies);
}

/**
 * The latest assistant message, when it asked for tools, against the reply it stands for (the
 * one whose tool_use blocks it holds): that reply's thinking blocks, all of them, in order.
 */
function checkSentBack(
  index: number,
  blocks: readonly Block[],
  replies: readonly ApiResponse[],
): RequestIssue | undefined {
  const ids = new Set(blocks.filter((b) => b.type === 'tool_use').map((b) => b.id));
  const reply = replies.find((r) => r.content.some((b) => b.type === 'tool_use' && ids.has(b.id)));
  const wanted = reply?.content.filter(isThinking) ?? [];
  if (wanted.length === 0) return;
  const [first] = blocks;
  if (!isThinking(first)) {
    const message = thinkingMessages.dropped(`messages.${index}.content.0`, typeOf(first));
    return { message, explanation: explain.dropped };
  }
  const sent = blocks.flatMap((block, j) => (isThinking(block) ? [{ block, j }] : []));
  for (const [k, want] of wanted.entries()) {
    const got = sent[k];
    if (got && key(got.block) === key(want)) continue;
    // Where the block should have been: the sent one in its place, or just after the last.
    const j = got ? got.j : (sent.at(-1)?.j ?? -1) + 1;
    return {
      message: thinkingMessages.modified(`messages.${index}.content.${j}`),
      explanation: explain.modified,
    };
  }
  const extra = sent[wanted.length];
  if (extra) {
    return {
      message: thinkingMessages.modified(`messages.${index}.content.${extra.j}`),
      explanation: explain.modified,
    };
  }
}

/** Every thinking block the API sent in `replies`, by what it is made of. */
function knownBlocks(replies: readonly ApiResponse[]): Set<string> {
  const known = new Set<string>();
  for (const reply of replies) {
    for (const block of reply.content) if (isThinking(block)) known.add(key(block));
  }
  return known;
}

/** A thinking block's identity: its text and signature, or its data, exactly. */
function key(block: Block | ReplyBlock): string {
  const b = block as Block;
  return b.type === 'thinking'
    ? JSON.stringify(['thinking', b.thinking, b.signature])
    : JSON.stringify(['redacted_thinking', b.data]);
}

function typeOf(block: unknown): string {
  return isJsonObject(block) && typeof block.type === 'string' ? block.type : 'nothing';
}
