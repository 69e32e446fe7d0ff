import { describe, expect, it } from 'vitest';
import { assembleStream, type StreamEvent } from './stream-events.ts';

/** A reply that thinks, is partly redacted, then calls a tool, as the API streams it. */
function thinkingStream(): StreamEvent[] {
  return [
    {
      type: 'message_start',
      message: {
        id: 'msg_01Think',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: [],
        stop_reason: null,
        usage: { input_tokens: 420, output_tokens: 1 },
      },
    },
    {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'thinking', thinking: '', signature: '' },
    },
    { type: 'ping' },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'Two cities: ' },
    },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'thinking_delta', thinking: 'call the tool for each.' },
    },
    {
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'signature_delta', signature: 'EqQBCkgIBxABGAIiQHn3' },
    },
    { type: 'content_block_stop', index: 0 },
    {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
    },
    { type: 'content_block_stop', index: 1 },
    {
      type: 'content_block_start',
      index: 2,
      content_block: { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: {} },
    },
    {
      type: 'content_block_delta',
      index: 2,
      delta: { type: 'input_json_delta', partial_json: '{"city":"Paris"}' },
    },
    { type: 'content_block_stop', index: 2 },
    {
      type: 'message_delta',
      delta: { stop_reason: 'tool_use', stop_sequence: null },
      usage: { output_tokens: 96 },
    },
    { type: 'message_stop' },
  ];
}

describe('a stream with thinking', () => {
  it('assembles thinking_delta text and the signature_delta into a thinking block', () => {
    const assembled = assembleStream(thinkingStream());
    expect(assembled.ok && assembled.message.content).toEqual([
      {
        type: 'thinking',
        thinking: 'Two cities: call the tool for each.',
        signature: 'EqQBCkgIBxABGAIiQHn3',
      },
      { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' },
      { type: 'tool_use', id: 'toolu_01A', name: 'get_weather', input: { city: 'Paris' } },
    ]);
  });

  it.each([
    [
      'a thinking block that stops unsigned',
      (events: StreamEvent[]) => events.splice(5, 1),
      { at: 5, problem: "block 0's thinking stops without its signature_delta" },
    ],
    [
      'thinking after the signature',
      (events: StreamEvent[]) => events.splice(6, 0, events[4]!),
      {
        at: 6,
        problem: 'a thinking_delta for block 0 after its signature_delta, which comes last',
      },
    ],
    [
      'a delta for a redacted block',
      (events: StreamEvent[]) =>
        events.splice(8, 0, { ...(events[3] as object), index: 1 } as StreamEvent),
      { at: 8, problem: 'a thinking_delta for block 1, a redacted_thinking block' },
    ],
    [
      'a signature for a text block',
      (events: StreamEvent[]) =>
        events.splice(
          1,
          6,
          {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'text', text: '' },
          },
          {
            type: 'content_block_delta',
            index: 0,
            delta: { type: 'signature_delta', signature: 'Eq' },
          },
        ),
      { at: 2, problem: 'a signature_delta for block 0, a text block' },
    ],
    [
      'a thinking block that starts with its text',
      (events: StreamEvent[]) => {
        events[1] = {
          type: 'content_block_start',
          index: 0,
          content_block: { type: 'thinking', thinking: 'Two', signature: '' },
        };
      },
      {
        at: 1,
        problem:
          'a thinking block starts empty: its text comes in thinking_delta events, its signature in a signature_delta',
      },
    ],
  ])('names %s', (_name, edit, where) => {
    const events = thinkingStream();
    edit(events);
    expect(assembleStream(events)).toEqual({ ok: false, ...where });
  });
});
