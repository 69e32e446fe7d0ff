import { describe, expect, it } from 'vitest';
import {
  callingEcho,
  callingEchoTwice,
  prompt,
  toolResult,
  twoResults,
} from './test-conversation.ts';
import type { ShapedMessage } from './request-issue.ts';
import { checkToolPairing } from './validate-tool-pairing.ts';

const user = (content: ShapedMessage['content']): ShapedMessage => ({ role: 'user', content });
const assistant = (content: ShapedMessage['content']): ShapedMessage => ({
  role: 'assistant',
  content,
});
const asking = user(prompt);
const calling = assistant(callingEcho().content as unknown as ShapedMessage['content']);
const callingTwice = assistant(callingEchoTwice().content as unknown as ShapedMessage['content']);
const result = toolResult('toolu_01Echo', 'hello');
const [resultA, resultB] = twoResults() as [
  ReturnType<typeof toolResult>,
  ReturnType<typeof toolResult>,
];
const text = (value: string) => ({ type: 'text', text: value });

const unanswered = (index: number, ids: string) =>
  `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
const unexpected = (at: string, id: string) =>
  `${at}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
const notFound = (index: number, count: number) =>
  `messages.${index}: Did not find ${count} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`;

describe('checkToolPairing accepts', () => {
  it.each([
    ['a result for each tool_use', [asking, calling, user([result])]],
    ['text after the results', [asking, calling, user([result, text('ok')])]],
    [
      'results in consecutive user messages, which the API merges',
      [asking, callingTwice, user([resultA]), user([resultB])],
    ],
    ['a conversation without tools', [asking, assistant('Hi'), user('Bye')]],
  ])('%s', (_name, messages) => {
    expect(checkToolPairing(messages)).toBeUndefined();
  });
});

describe('checkToolPairing refuses, in the API words,', () => {
  it.each([
    ['a tool_use left unanswered at the end', [asking, calling], unanswered(1, 'toolu_01Echo')],
    [
      'two tool_uses, one answered',
      [asking, callingTwice, user([resultA])],
      unanswered(1, 'toolu_01B'),
    ],
    [
      'two tool_uses, neither answered',
      [asking, callingTwice],
      unanswered(1, 'toolu_01A, toolu_01B'),
    ],
    [
      'a tool_use in the first of two merged assistant messages',
      [asking, calling, assistant('More?')],
      unanswered(1, 'toolu_01Echo'),
    ],
    [
      'a result for an unknown id',
      [asking, calling, user([toolResult('toolu_01Other', 'x')])],
      unexpected('messages.2.content.0', 'toolu_01Other'),
    ],
    [
      'results without the assistant message',
      [asking, user([result])],
      unexpected('messages.1.content.0', 'toolu_01Echo'),
    ],
    [
      'a result after a reply without tools',
      [asking, assistant('Hi'), user([result])],
      unexpected('messages.2.content.0', 'toolu_01Echo'),
    ],
    [
      'a bad id in the second merged message',
      [asking, callingTwice, user([resultA]), user([toolResult('toolu_01C', 'x')])],
      unexpected('messages.3.content.0', 'toolu_01C'),
    ],
    [
      'a result twice',
      [asking, calling, user([result, result])],
      'messages.2.content.1: each tool_use must have a single result. Found multiple `tool_result` blocks with id: toolu_01Echo',
    ],
    ['text instead of results', [asking, calling, user('thanks')], notFound(2, 1)],
    [
      'text ahead of the results',
      [asking, callingTwice, user([text('Here:'), resultA, resultB])],
      notFound(2, 2),
    ],
    [
      'text between the results',
      [asking, callingTwice, user([resultA, text('and'), resultB])],
      notFound(2, 2),
    ],
    [
      'text in its own message ahead of the results',
      [asking, calling, user('Here:'), user([result])],
      notFound(2, 1),
    ],
  ])('%s', (_name, messages, message) => {
    expect(checkToolPairing(messages)?.message).toBe(message);
  });
});

describe('checkToolPairing explains', () => {
  it.each([
    [
      [asking, calling],
      "Your loop sent the model's tool_use back without answering it: after appending the assistant message, run each tool and append ONE user message whose content starts with a tool_result for every tool_use id.",
    ],
    [
      [asking, user([result])],
      "A tool_result must answer a tool_use in the message just before it: did you append the assistant's response to messages before the results, and copy each block's `id` into `tool_use_id`?",
    ],
    [
      [asking, calling, user('thanks')],
      'After an assistant message with tool_use blocks, the next user message must START with its tool_result blocks, one per tool_use: put any text after them.',
    ],
    [
      [asking, calling, user([result, result])],
      'Each tool_use gets exactly one tool_result: check that your loop does not run a tool, or append its result, twice.',
    ],
  ])('%# in plain English', (messages, explanation) => {
    expect(checkToolPairing(messages)?.explanation).toBe(explanation);
  });
});
