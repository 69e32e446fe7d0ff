import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import type { Cassette } from '../lesson/schema.ts';
import { request, send, toolResult, toolUse } from './test-conversation.ts';

/**
 * A recording that compacts: three echo calls, then a summary request for the first three
 * messages (the last four stay), then the history as the summary and the kept messages.
 */
const ask = 'Summarise the conversation so far.';
const summaryText = 'The user wants three echoes; the first said one.';
const prompt = 'Echo one, two and three, one at a time.';
const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const turn = (id: string, word: string) => [
  assistant([toolUse(id, word)]),
  user([toolResult(id, word)]),
];

function reply(id: string, content: ApiResponse['content'], stop: ApiResponse['stop_reason']) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-5-5',
    content,
    stop_reason: stop,
    usage: { input_tokens: 100, output_tokens: 20 },
  } as const;
}

const one = turn('toolu_01A', 'one');
const two = turn('toolu_01B', 'two');
const three = turn('toolu_01C', 'three');
const history = [user(prompt), ...one, ...two, ...three];
const summaryRequest = [...history.slice(0, 3), user(ask)];
const compacted = [user(`Summary: ${summaryText}`), ...history.slice(3)];

const cassette: Cassette = {
  calls: [
    {
      request: request([user(prompt)]),
      response: reply('msg_01A', [toolUse('toolu_01A', 'one')], 'tool_use'),
    },
    {
      request: request([user(prompt), ...one]),
      response: reply('msg_01B', [toolUse('toolu_01B', 'two')], 'tool_use'),
    },
    {
      request: request([user(prompt), ...one, ...two]),
      response: reply('msg_01C', [toolUse('toolu_01C', 'three')], 'tool_use'),
    },
    {
      request: request(summaryRequest),
      response: reply('msg_01S', [{ type: 'text', text: summaryText }], 'end_turn'),
    },
    {
      request: request(compacted),
      response: reply('msg_01D', [{ type: 'text', text: 'Done.' }], 'end_turn'),
    },
  ],
};

const hintOf = (number: number, messages: unknown[]) =>
  send(cassette, number, request(messages))?.body.error.message;

describe('a compaction that left the recording', () => {
  it('names the compaction a loop did not make', () => {
    expect(hintOf(4, history)).toContain(
      "The recording compacts here: after the reply to request #3, request #4 asks the model to summarise the conversation's first 3 messages (then messages[3], a user message, asks for the summary), and the last 4 stay as they are. Your loop sent the whole conversation on instead",
    );
  });

  it('names a summary of another part, a split pair refused by the API included', () => {
    expect(hintOf(4, [...history.slice(0, 5), user(ask)])).toContain(
      '; yours summarises the first 5 messages. The kept part is the last messages, as many as asked, and one more when the first of them is a user message',
    );
    const split = send(cassette, 4, request([...history.slice(0, 4), user(ask)]));
    expect(split?.kind).toBe('invalid-request');
    expect(split?.body.error.message).toContain(
      'messages.4: Did not find 1 `tool_result` block(s) at the beginning of this message.',
    );
    expect(split?.explanation).toContain('yours summarises the first 4 messages');
  });

  it('names a summary request without its question', () => {
    expect(hintOf(4, history.slice(0, 3))).toContain(
      'Your request stops where the summarised part ends: after those messages, add the user message that asks for the summary.',
    );
  });

  it('names a compaction the recording does not make', () => {
    expect(hintOf(3, [user(prompt), user(ask)])).toContain(
      'The recording does not compact here: request #3 sends the conversation on as it was, and yours asks for a summary of its first 1 message.',
    );
  });

  it('names a history still whole after the summary, and a summary not the reply', () => {
    expect(hintOf(5, history)).toContain(
      "The recording's history is compacted here: request #5 sends the summary (messages[0]), then the last 4 messages of the history as they were. Your loop still sends the messages it summarised",
    );
    expect(hintOf(5, [user('Summary: the user wants echoes.'), ...history.slice(3)])).toContain(
      "messages[0] is the summary: the recording's holds the text of the reply to request #4",
    );
  });

  it('leaves a request that goes on, and a history built wrong, to the other hints', () => {
    const rebuilt = [
      user(prompt),
      assistant([{ type: 'text', text: 'x' }, toolUse('toolu_01A', 'one')]),
      one[1],
    ];
    expect(hintOf(3, rebuilt)).not.toContain('compact');
  });
});
