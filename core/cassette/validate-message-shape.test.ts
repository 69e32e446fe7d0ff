import { describe, expect, it } from 'vitest';
import { toolResult, toolUse } from './test-conversation.ts';
import { checkMessageShape } from './validate-message-shape.ts';

const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const tags =
  "'text', 'image', 'document', 'search_result', 'thinking', 'redacted_thinking', 'tool_use', 'tool_result', 'server_tool_use', 'web_search_tool_result'";
const notAnObject = 'Input should be a valid dictionary or object to extract fields from';

describe('checkMessageShape accepts', () => {
  it.each([
    ['string content', user('Hi')],
    ['text blocks', user([{ type: 'text', text: 'Hi' }])],
    ['a tool_use', assistant([toolUse('toolu_01', 'hello')])],
    ['a string tool result', user([toolResult('toolu_01', 'hello')])],
    [
      'a tool result of text blocks',
      user([toolResult('toolu_01', [{ type: 'text', text: 'hi' }])]),
    ],
    ['a tool result without content', user([{ type: 'tool_result', tool_use_id: 'toolu_01' }])],
    ['a tool result with is_error', user([toolResult('toolu_01', 'boom', { is_error: true })])],
    ['a block type it does not check further', user([{ type: 'image', source: {} }])],
  ])('%s', (_name, message) => {
    expect(checkMessageShape(message, 0)).toBeUndefined();
  });
});

describe('checkMessageShape refuses, in the API words,', () => {
  it.each([
    ['a message that is not an object', 'hi', `messages.3: ${notAnObject}`],
    ['a message without a role', { content: 'hi' }, 'messages.3.role: Field required'],
    [
      'a system role',
      { role: 'system', content: 'hi' },
      "messages.3.role: Input should be 'user' or 'assistant'",
    ],
    ['a message without content', { role: 'user' }, 'messages.3.content: Field required'],
    [
      'content that is an object',
      user({ text: 'hi' }),
      'messages.3.content: Input should be a valid list',
    ],
    ['a block that is a string', user(['hi']), `messages.3.content.0: ${notAnObject}`],
    [
      'a block without a type',
      user([{ text: 'hi' }]),
      "messages.3.content.0: Unable to extract tag using discriminator 'type'",
    ],
    [
      'an unknown block type',
      user([{ type: 'foo' }]),
      `messages.3.content.0: Input tag 'foo' found using 'type' does not match any of the expected tags: ${tags}`,
    ],
    [
      'a text block without text',
      user([{ type: 'text' }]),
      'messages.3.content.0.text.text: Field required',
    ],
    [
      'a text block with a number',
      user([{ type: 'text', text: 1 }]),
      'messages.3.content.0.text.text: Input should be a valid string',
    ],
    [
      'a tool_use without an id',
      assistant([{ type: 'tool_use', name: 'echo', input: {} }]),
      'messages.3.content.0.tool_use.id: Field required',
    ],
    [
      'a tool_use without a name',
      assistant([{ type: 'tool_use', id: 'toolu_01', input: {} }]),
      'messages.3.content.0.tool_use.name: Field required',
    ],
    [
      'a tool_use without input',
      assistant([{ type: 'tool_use', id: 'toolu_01', name: 'echo' }]),
      'messages.3.content.0.tool_use.input: Field required',
    ],
    [
      'a tool_use with string input',
      assistant([{ ...toolUse('toolu_01', 'x'), input: '{}' }]),
      'messages.3.content.0.tool_use.input: Input should be a valid dictionary',
    ],
    [
      'a tool_result without tool_use_id',
      user([{ type: 'tool_result', content: 'hi' }]),
      'messages.3.content.0.tool_result.tool_use_id: Field required',
    ],
    [
      'a tool_result with a numeric id',
      user([toolResult(7 as never, 'hi')]),
      'messages.3.content.0.tool_result.tool_use_id: Input should be a valid string',
    ],
    [
      'a tool_result with object content',
      user([toolResult('toolu_01', { text: 'hi' })]),
      'messages.3.content.0.tool_result.content: Input should be a valid list',
    ],
    [
      'a tool_result with a list of strings',
      user([toolResult('toolu_01', ['hi'])]),
      `messages.3.content.0.tool_result.content.0: ${notAnObject}`,
    ],
    [
      'a tool_result with a tool_use inside',
      user([toolResult('toolu_01', [toolUse('toolu_02', 'x')])]),
      "messages.3.content.0.tool_result.content.0: Input tag 'tool_use' found using 'type' does not match any of the expected tags: 'text', 'image', 'search_result', 'document'",
    ],
    [
      'a tool_result with an empty text block object',
      user([toolResult('toolu_01', [{ type: 'text' }])]),
      'messages.3.content.0.tool_result.content.0.text.text: Field required',
    ],
    [
      'a tool_result with a string is_error',
      user([toolResult('toolu_01', 'x', { is_error: 'yes' })]),
      'messages.3.content.0.tool_result.is_error: Input should be a valid boolean',
    ],
    [
      'the second block, once the first passes',
      user([{ type: 'text', text: 'ok' }, { type: 'txt' }]),
      `messages.3.content.1: Input tag 'txt' found using 'type' does not match any of the expected tags: ${tags}`,
    ],
  ])('%s', (_name, message, expected) => {
    expect(checkMessageShape(message, 3)?.message).toBe(expected);
  });
});

describe('checkMessageShape explains', () => {
  it.each([
    [
      user([{ type: 'tool-result' }]),
      "Each content block is an object tagged by `type`, such as {type: 'text', text} or {type: 'tool_result', tool_use_id, content}: check the spelling of `type`.",
    ],
    [
      user([toolResult('toolu_01', { text: 'hi' })]),
      "A tool_result's content must be a string or a list of text blocks: turn the tool's output into a string (JSON.stringify an object) before sending it.",
    ],
    [
      user([{ type: 'tool_result', content: 'hi' }]),
      "A tool_result must name the call it answers: set `tool_use_id` to the tool_use block's `id`.",
    ],
  ])('%# in plain English', (message, explanation) => {
    expect(checkMessageShape(message, 0)?.explanation).toBe(explanation);
  });
});
