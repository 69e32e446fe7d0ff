import type { ApiResponse } from '../api/messages.ts';
import { isJsonObject } from '../json/json-diff.ts';
import { checkCacheControl } from './validate-cache-control.ts';
import { checkMessageShape } from './validate-message-shape.ts';
import { checkPrefill } from './validate-prefill.ts';
import { checkThinkingBlocks, checkThinkingConfig, thinkingOn } from './validate-thinking.ts';
import { checkToolPairing } from './validate-tool-pairing.ts';
import type { RequestIssue, ShapedMessage } from './request-issue.ts';

export type { RequestIssue } from './request-issue.ts';

/**
 * Validates a request the way the real Messages API does, so a learner meets the API's own
 * 400s here first. Structure comes first (the API's schema, prompt-cache breakpoints
 * included), then the request's `thinking`, then the rules about the conversation: who speaks
 * first, empty content, how tool results pair with tool uses, the thinking blocks a tool loop
 * sends back, and (for the models that refuse it) a conversation that ends with the assistant.
 */

const explain = {
  messages:
    'The request needs `messages`: the whole conversation so far, as a list of {role, content} objects, sent again on every call.',
  model: "The request needs the `model` to call, as a string such as 'claude-sonnet-5-5'.",
  maxTokens: 'The request needs `max_tokens`, a whole number capping the length of the reply.',
  noMessages: "The conversation is empty: start it with the user's message.",
  firstRole:
    "The conversation must start with the user's message: put the task first, then each assistant response and its tool results.",
  empty:
    'A message was sent with empty content: only append a tool-results message when there are results, and never send an empty string.',
  emptyText: 'A text block with an empty string was sent: leave empty text out instead.',
};

/**
 * `previous` is the last response the conversation got: a turn it paused (`pause_turn`) may
 * be sent back as the final message. `replies` are all it got so far: the thinking blocks the
 * request may send back are theirs.
 */
export function validateRequest(
  request: unknown,
  previous?: ApiResponse,
  replies: readonly ApiResponse[] = previous ? [previous] : [],
): RequestIssue | undefined {
  const body = isJsonObject(request) ? request : {};
  const { model, max_tokens: maxTokens, messages, thinking } = body;
  if (model === undefined) return { message: 'model: Field required', explanation: explain.model };
  if (typeof model !== 'string') {
    return { message: 'model: Input should be a valid string', explanation: explain.model };
  }
  if (maxTokens === undefined) {
    return { message: 'max_tokens: Field required', explanation: explain.maxTokens };
  }
  if (!Number.isInteger(maxTokens)) {
    return {
      message: 'max_tokens: Input should be a valid integer',
      explanation: explain.maxTokens,
    };
  }
  if (messages === undefined) {
    return { message: 'messages: Field required', explanation: explain.messages };
  }
  if (!Array.isArray(messages)) {
    return { message: 'messages: Input should be a valid list', explanation: explain.messages };
  }
  for (const [i, message] of messages.entries()) {
    const issue = checkMessageShape(message, i);
    if (issue) return issue;
  }
  const thinkingIssue = checkThinkingConfig(thinking, model, maxTokens as number);
  if (thinkingIssue) return thinkingIssue;
  const shaped = messages as ShapedMessage[];
  return (
    checkCacheControl(body) ??
    checkConversation(shaped) ??
    checkToolPairing(shaped) ??
    checkThinkingBlocks(shaped, replies, thinkingOn(thinking)) ??
    checkPrefill(model, shaped, previous)
  );
}

function checkConversation(messages: readonly ShapedMessage[]): RequestIssue | undefined {
  const [first] = messages;
  if (!first) {
    return {
      message: 'messages: at least one message is required',
      explanation: explain.noMessages,
    };
  }
  if (first.role !== 'user') {
    return {
      message: 'messages: first message must use the "user" role',
      explanation: explain.firstRole,
    };
  }
  for (const [i, { role, content }] of messages.entries()) {
    const optional = role === 'assistant' && i === messages.length - 1;
    if (content.length === 0 && !optional) {
      const message = `messages.${i}: all messages must have non-empty content except for the optional final assistant message`;
      return { message, explanation: explain.empty };
    }
  }
  if (messages.some(({ content }) => Array.isArray(content) && content.some(hasEmptyText))) {
    return {
      message: 'messages: text content blocks must be non-empty',
      explanation: explain.emptyText,
    };
  }
}

function hasEmptyText(block: Record<string, unknown>): boolean {
  if (block.type === 'text') return block.text === '';
  return block.type === 'tool_result' && Array.isArray(block.content)
    ? block.content.some((inner) => isJsonObject(inner) && hasEmptyText(inner))
    : false;
}
