import { describe, expect, it } from 'vitest';
import {
  callingEcho,
  echoRequests,
  model,
  prompt,
  request,
  toolResult,
} from './test-conversation.ts';
import { validateRequest } from './validate-request.ts';

const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const asking = user(prompt);
const calling = assistant(callingEcho().content);
const emptyContent =
  'all messages must have non-empty content except for the optional final assistant message';

/** A model from before Claude 4.6, which still accepts a final assistant message. */
const prefilling = (messages: unknown[]) => ({ ...request(messages), model: 'claude-sonnet-4-5' });

describe('validateRequest accepts', () => {
  it.each([
    ['the first request', echoRequests()[0]],
    ['the request with a tool result', echoRequests()[1]],
    ['an empty final assistant message, before 4.6', prefilling([asking, assistant([])])],
    ['a final assistant message with text, before 4.6', prefilling([asking, assistant('Sure:')])],
  ])('%s', (_name, body) => {
    expect(validateRequest(body)).toBeUndefined();
  });
});

describe('validateRequest refuses, in the API words,', () => {
  it.each([
    ['a body that is not an object', 'hi', 'model: Field required'],
    ['a missing model', { max_tokens: 1024, messages: [asking] }, 'model: Field required'],
    [
      'a model that is not a string',
      { model: 4, max_tokens: 1024, messages: [asking] },
      'model: Input should be a valid string',
    ],
    ['a missing max_tokens', { model, messages: [asking] }, 'max_tokens: Field required'],
    [
      'a fractional max_tokens',
      { model, max_tokens: 1.5, messages: [asking] },
      'max_tokens: Input should be a valid integer',
    ],
    ['missing messages', { model, max_tokens: 1024 }, 'messages: Field required'],
    [
      'messages that are not a list',
      { model, max_tokens: 1024, messages: asking },
      'messages: Input should be a valid list',
    ],
    [
      'a malformed message, before the conversation rules',
      request([assistant('Hi'), { role: 'bot' }]),
      "messages.1.role: Input should be 'user' or 'assistant'",
    ],
    ['no messages', request([]), 'messages: at least one message is required'],
    [
      'an assistant message first',
      request([assistant('Hi'), asking]),
      'messages: first message must use the "user" role',
    ],
    ['an empty string', request([user('')]), `messages.0: ${emptyContent}`],
    [
      'an empty list of results',
      request([asking, calling, user([])]),
      `messages.2: ${emptyContent}`,
    ],
    [
      'an empty assistant message before the last',
      request([asking, assistant([]), asking]),
      `messages.1: ${emptyContent}`,
    ],
    [
      'an empty text block',
      request([user([{ type: 'text', text: '' }])]),
      'messages: text content blocks must be non-empty',
    ],
    [
      'an empty text block in a tool result',
      request([asking, calling, user([toolResult('toolu_01Echo', [{ type: 'text', text: '' }])])]),
      'messages: text content blocks must be non-empty',
    ],
    [
      'an unanswered tool_use, after the other rules',
      request([asking, calling]),
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01Echo. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    ],
  ])('%s', (_name, body, message) => {
    expect(validateRequest(body)?.message).toBe(message);
  });

  it('explains an empty message in plain English', () => {
    expect(validateRequest(request([asking, calling, user([])]))?.explanation).toBe(
      'A message was sent with empty content: only append a tool-results message when there are results, and never send an empty string.',
    );
  });
});
