import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import { readCassette, recordCase, recordCassette } from './cassette-recording.ts';

/** A response as the API sends it today: more fields than a cassette keeps. */
const sent = {
  id: 'msg_01AbC',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [
    { type: 'text', text: 'Checking.', citations: null },
    { type: 'tool_use', id: 'toolu_01XyZ', name: 'echo', input: { text: 'hi' }, caller: null },
  ],
  stop_reason: 'tool_use',
  stop_sequence: null,
  stop_details: null,
  container: null,
  diagnostics: null,
  usage: {
    input_tokens: 12,
    output_tokens: 7,
    cache_read_input_tokens: 0,
    service_tier: 'standard',
  },
} as unknown as ApiResponse;

const first: ApiRequest = {
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content: 'Echo hi' }],
};
const results = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: 'toolu_01XyZ', content: 'hi' }],
};
/** The code sent the reply's content back as it got it. */
const second: ApiRequest = {
  ...first,
  messages: [
    { role: 'user', content: 'Echo hi' },
    { role: 'assistant', content: sent.content },
    results,
  ],
};

describe('recordCassette', () => {
  it('keeps what the cassette schema allows, in responses and the assistant turns sent back', () => {
    const recorded = recordCassette([
      { request: first, response: sent },
      { request: second, response: sent },
    ]);
    const kept = [
      { type: 'text', text: 'Checking.' },
      { type: 'tool_use', id: 'toolu_01XyZ', name: 'echo', input: { text: 'hi' } },
    ];
    const response = {
      id: 'msg_01AbC',
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content: kept,
      stop_reason: 'tool_use',
      stop_sequence: null,
      stop_details: null,
      usage: { input_tokens: 12, output_tokens: 7 },
    };
    expect(recorded).toEqual({
      ok: true,
      value: {
        calls: [
          { request: first, response },
          {
            request: {
              ...second,
              messages: [
                { role: 'user', content: 'Echo hi' },
                { role: 'assistant', content: kept },
                results,
              ],
            },
            response,
          },
        ],
      },
    });
  });

  it("keeps the cache's counts of a call that used the cache", () => {
    const cached = {
      ...sent,
      usage: {
        input_tokens: 6,
        output_tokens: 7,
        cache_creation_input_tokens: 410,
        cache_read_input_tokens: 3204,
        cache_creation: { ephemeral_5m_input_tokens: 410, ephemeral_1h_input_tokens: 0 },
        service_tier: 'standard',
        inference_geo: 'global',
      },
    } as unknown as ApiResponse;
    const recorded = recordCassette([{ request: first, response: cached }]);
    expect(recorded.ok && recorded.value.calls[0]?.response.usage).toEqual({
      input_tokens: 6,
      output_tokens: 7,
      cache_creation_input_tokens: 410,
      cache_read_input_tokens: 3204,
      cache_creation: { ephemeral_5m_input_tokens: 410, ephemeral_1h_input_tokens: 0 },
    });
  });

  it('says why a session cannot be a cassette', () => {
    expect(recordCassette([])).toEqual({
      ok: false,
      problem: 'the run made no model call to record',
    });
    const search = {
      ...sent,
      content: [{ type: 'server_tool_use', id: 'srvtoolu_01', name: 'web_search', input: {} }],
    };
    const recorded = recordCassette([
      { request: first, response: search as unknown as ApiResponse },
    ]);
    expect(recorded.ok).toBe(false);
    expect(!recorded.ok && recorded.problem).toMatch(
      /^a cassette cannot hold calls\.0\.response\.content\.0.* \(response #1\)/,
    );
  });
});

describe('recordCassette with thinking', () => {
  const thinking = {
    type: 'thinking',
    thinking: 'Chicago first.',
    signature: 'EqQBCkgIBxABGAIiQE',
  };
  const redacted = { type: 'redacted_thinking', data: 'EmwKAhgBEgy3va3pzix' };
  const use = { type: 'tool_use', id: 'toolu_01XyZ', name: 'echo', input: { text: 'hi' } };
  const reply = { ...sent, content: [thinking, redacted, use] } as unknown as ApiResponse;

  it('keeps thinking blocks whole, signatures and redacted data as they came', () => {
    const back: ApiRequest = {
      ...first,
      messages: [first.messages, { role: 'assistant', content: reply.content }, results].flat(),
    };
    const recorded = recordCassette([
      { request: first, response: reply },
      { request: back, response: sent },
    ]);
    expect(recorded.ok && recorded.value.calls[0]!.response.content).toEqual([
      thinking,
      redacted,
      use,
    ]);
    expect(recorded.ok && recorded.value.calls[1]!.request.messages).toEqual(back.messages);
  });

  it('keeps them in a streamed reply, as thinking_delta and signature_delta assemble them', () => {
    const timed = (event: unknown) => ({ ms: 20, event }) as TimedEvent;
    const start = {
      ...reply,
      content: [],
      stop_reason: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    };
    const stream = [
      timed({ type: 'message_start', message: start }),
      timed({
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'thinking', thinking: '', signature: '' },
      }),
      timed({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'Chicago ' },
      }),
      timed({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'thinking_delta', thinking: 'first.' },
      }),
      timed({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'signature_delta', signature: thinking.signature },
      }),
      timed({ type: 'content_block_stop', index: 0 }),
      timed({ type: 'content_block_start', index: 1, content_block: redacted }),
      timed({ type: 'content_block_stop', index: 1 }),
      timed({ type: 'content_block_start', index: 2, content_block: { ...use, input: {} } }),
      timed({
        type: 'content_block_delta',
        index: 2,
        delta: { type: 'input_json_delta', partial_json: '{"text":"hi"}' },
      }),
      timed({ type: 'content_block_stop', index: 2 }),
      timed({
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { output_tokens: 7 },
      }),
      timed({ type: 'message_stop' }),
    ];
    const recorded = recordCassette([
      { request: { ...first, stream: true }, response: reply, stream },
    ]);
    expect(recorded.ok && recorded.value.calls[0]!.response.content).toEqual([
      thinking,
      redacted,
      use,
    ]);
  });
});

describe('recordCase and readCassette', () => {
  it('write a case folder whose cassette reads back as it was', () => {
    const cassette = recordCassette([{ request: first, response: sent }]);
    if (!cassette.ok) throw new Error(cassette.problem);
    const files = recordCase(cassette.value, '{"answer":"hi"}', {
      input: { prompt: 'Echo hi' },
      description: 'Recorded live.',
    });
    expect(files.ok && Object.keys(files.value).sort()).toEqual([
      'case.json',
      'cassette.json',
      'expected.json',
    ]);
    if (!files.ok) return;
    expect(JSON.parse(files.value['case.json']!)).toEqual({
      visible: true,
      description: 'Recorded live.',
      input: { prompt: 'Echo hi' },
    });
    expect(files.value['expected.json']).toBe('{\n  "answer": "hi"\n}\n');
    expect(readCassette(files.value['cassette.json']!)).toEqual(cassette);
    expect(readCassette('{"calls": []}')).toEqual({
      ok: false,
      problem: 'calls: a cassette records at least one call, or the request it fails on (`failed`)',
    });
  });
});
