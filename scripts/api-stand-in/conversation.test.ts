import { readFileSync } from 'node:fs';
import { BadRequestError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import type { Cassette } from '../../core/lesson/schema.ts';
import { createCassetteSession } from '../../core/cassette/session.ts';
import { echoCassette, echoRequests, toolResult } from '../../core/cassette/test-conversation.ts';
import { redactKey } from './request-log.ts';
import { STAND_IN_KEY } from './start-api-stand-in.ts';
import { ask, model, sdk, useStandIn } from './test-support.ts';

const held = useStandIn();

const weatherTool = {
  name: 'get_weather',
  description: 'Returns the current weather in a city.',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } } },
};

describe('a scripted conversation through the real SDK', () => {
  it('answers a tool_use turn, then an end_turn turn, and logs both requests', async () => {
    const { standIn } = held;
    const toolUse = {
      type: 'tool_use',
      id: 'toolu_01Chicago',
      name: 'get_weather',
      input: { city: 'Chicago' },
    };
    standIn.script([
      { reply: { content: [{ type: 'text', text: 'Checking.' }, toolUse] } },
      { reply: { content: [{ type: 'text', text: '18°C and sunny in Chicago.' }] } },
    ]);
    const client = sdk(standIn);
    const messages: Parameters<typeof client.messages.create>[0]['messages'] = [
      { role: 'user', content: 'Weather in Chicago?' },
    ];
    const first = await client.messages.create({
      model,
      max_tokens: 1024,
      tools: [weatherTool],
      messages,
    });
    expect([first.stop_reason, first.model, first.content[1]]).toEqual([
      'tool_use',
      model,
      toolUse,
    ]);
    expect(first.id).toMatch(/^msg_01\w{22}$/);
    expect(first._request_id).toMatch(/^req_011C\w{20}$/);
    expect(standIn.requests()[0]?.requestId).toBe(first._request_id);

    messages.push({ role: 'assistant', content: first.content });
    messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_01Chicago', content: '18°C, sunny' }],
    });
    const second = await client.messages.create({
      model,
      max_tokens: 1024,
      tools: [weatherTool],
      messages,
    });
    expect([second.stop_reason, second.content]).toEqual([
      'end_turn',
      [{ type: 'text', text: '18°C and sunny in Chicago.' }],
    ]);

    const log = standIn.requests();
    expect(log.map(({ method, path, status }) => [method, path, status])).toEqual([
      ['POST', '/v1/messages', 200],
      ['POST', '/v1/messages', 200],
    ]);
    expect(log[1]?.body).toEqual({ model, max_tokens: 1024, tools: [weatherTool], messages });
    expect(log[1]?.headers).toMatchObject({
      authorization: `Bearer ${redactKey(STAND_IN_KEY)}`,
      'anthropic-version': '2026-10-21',
      'x-stainless-retry-count': '0',
    });
    expect(JSON.stringify(log)).not.toContain(STAND_IN_KEY);
    expect(standIn.pending()).toBe(0);
  });

  it('fills the fields the API always sends, and keeps what the script gives', async () => {
    const { standIn } = held;
    standIn.script([
      {
        reply: {
          content: [{ type: 'text', text: 'cut' }],
          stop_reason: 'max_tokens',
          usage: { input_tokens: 7, output_tokens: 3 },
        },
      },
    ]);
    const reply = await sdk(standIn).messages.create(ask());
    const { id: _id, ...rest } = reply;
    const { _request_id, ...sent } = rest as typeof rest & { _request_id?: unknown };
    expect(sent).toEqual({
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: 'cut' }],
      stop_reason: 'max_tokens',
      stop_sequence: null,
      stop_details: null,
      container: null,
      diagnostics: null,
      usage: {
        input_tokens: 7,
        output_tokens: 3,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens_details: null,
        server_tool_use: null,
        service_tier: 'standard',
        inference_geo: null,
        speed: null,
      },
    });
  });
});

describe('with nothing scripted', () => {
  it('answers with a text reply naming the last user message, the same tokens each time', async () => {
    const client = sdk(held.standIn);
    const [one, two] = [await client.messages.create(ask()), await client.messages.create(ask())];
    expect([one.stop_reason, one.content]).toEqual([
      'end_turn',
      [{ type: 'text', text: 'The API stand-in received: "Weather in Chicago?"' }],
    ]);
    expect(two.usage).toEqual(one.usage);
  });
});

describe('scripts per key', () => {
  it('answers a key from its own queue, then from the shared one, and accepts the scripted key', async () => {
    const { standIn } = held;
    const learnerKey = 'sk-ant-learner-key-0042';
    standIn.script([{ reply: { content: [{ type: 'text', text: 'for everyone' }] } }]);
    standIn.script([{ reply: { content: [{ type: 'text', text: 'for the learner' }] } }], {
      key: learnerKey,
    });
    const learner = sdk(standIn, { apiKey: learnerKey });
    const texts = [];
    for (const client of [learner, learner]) {
      const { content } = await client.messages.create(ask());
      texts.push(content[0]?.type === 'text' ? content[0].text : '');
    }
    expect(texts).toEqual(['for the learner', 'for everyone']);
    expect(standIn.requests().map(({ key }) => key)).toEqual(['…0042', '…0042']);
  });
});

describe('a cassette step', () => {
  it("replays a course cassette's responses in order", async () => {
    const { standIn } = held;
    const path = new URL('../../fixtures/the-agent/cases/chicago/cassette.json', import.meta.url);
    const cassette = JSON.parse(readFileSync(path, 'utf8')) as Cassette;
    standIn.script([{ cassette }]);
    const client = sdk(standIn);
    const replies = [];
    for (const { request } of cassette.calls) {
      replies.push(await client.messages.create(request as never));
    }
    expect(replies.map(({ id, content, stop_reason }) => ({ id, content, stop_reason }))).toEqual(
      cassette.calls.map(({ response: { id, content, stop_reason } }) => ({
        id,
        content,
        stop_reason,
      })),
    );
    expect(standIn.pending()).toBe(0);
  });

  it("when strict, refuses a request that left the recording with the cassette's own 400", async () => {
    const { standIn } = held;
    standIn.script([{ cassette: echoCassette(), strict: true }]);
    const client = sdk(standIn);
    const [first, second] = echoRequests();
    const [, wrong] = echoRequests(toolResult('toolu_01Echo', 'goodbye'));
    await client.messages.create(first as never);

    const refused = await client.messages.create(wrong as never).catch((error: unknown) => error);
    const session = createCassetteSession(echoCassette());
    session.answer(first);
    const rejection = session.answer(wrong);
    if (rejection.ok) throw new Error('the cassette should refuse the changed request');
    expect(refused).toBeInstanceOf(BadRequestError);
    expect((refused as BadRequestError).error).toEqual({
      ...rejection.rejection.body,
      request_id: (refused as BadRequestError).requestID,
    });
    expect((refused as BadRequestError).type).toBe('cassette_mismatch');

    const done = await client.messages.create(second as never);
    expect([done.stop_reason, standIn.pending()]).toEqual(['end_turn', 0]);
  });
});
