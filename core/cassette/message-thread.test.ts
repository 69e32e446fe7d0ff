import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { createThreadStore } from './message-thread.ts';
import { createCassetteSession } from './session.ts';

const tools = [{ name: 'echo', description: 'Echoes.', input_schema: { type: 'object' } }];
const prompt = { role: 'user', content: 'Echo hi.' };
const toolUse = { type: 'tool_use', id: 'toolu_01AbcdefghijklmnopqrstUv', name: 'echo', input: {} };
const results = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'hi' }],
};

function response(id: string, stopReason: ApiResponse['stop_reason'], content: unknown[]) {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-5-5',
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    stop_details: null,
    usage: { input_tokens: 410, output_tokens: 20 },
  } as ApiResponse;
}

const first = response('msg_01AbcdefghijklmnopqrstUv', 'tool_use', [toolUse]);
const create: ApiRequest = {
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  tools,
  messages: [prompt],
  thread: { type: 'create' },
};
const continued = (messages: unknown[], extra: ApiRequest = {}): ApiRequest => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  messages,
  thread: { type: 'continue', previous_message_id: first.id },
  ...extra,
});

describe('a thread store', () => {
  it('rebuilds a continue as the whole conversation, with the tools the thread was created with', () => {
    const store = createThreadStore();
    const made = store.expand(create);
    if (!made.ok) throw new Error('a create is accepted');
    store.record(create, made.request, first);
    expect(store.expand(continued([results]))).toEqual({
      ok: true,
      previous: first,
      request: {
        model: 'claude-sonnet-5-5',
        max_tokens: 1024,
        tools,
        messages: [prompt, { role: 'assistant', content: [toolUse] }, results],
      },
    });
  });

  it('refuses an unknown reply, a reply continued twice, and tools sent again', () => {
    const store = createThreadStore();
    const unknown = store.expand(continued([results]));
    store.record(create, create, first);
    const again = store.expand(continued([results], { tools }));
    store.record(
      continued([results]),
      { ...create, messages: [] },
      response('msg_01B', 'end_turn', []),
    );
    const twice = store.expand(continued([results]));
    const said = [unknown, again, twice].map((e) =>
      e.ok ? 'accepted' : e.issue.message.split(':')[0],
    );
    expect(said).toEqual(['thread.previous_message_id', 'tools', 'thread.previous_message_id']);
  });
});

describe('a cassette session with threaded requests', () => {
  it('checks a continue as the conversation it continues, and answers it from the recording', () => {
    const second = response('msg_01ZyxwvutsrqponmlkjihgFe', 'end_turn', [
      { type: 'text', text: 'hi' },
    ]);
    const session = createCassetteSession({
      calls: [
        { request: create, response: first },
        { request: continued([results]), response: second },
      ],
    });
    expect(session.answer(create).ok).toBe(true);
    // Alone, the results answer a tool_use the request does not hold: the thread holds it.
    const answer = session.answer(continued([results]));
    expect(answer.ok && answer.response.id).toBe(second.id);
  });

  it('refuses what the rebuilt conversation breaks', () => {
    const session = createCassetteSession({ calls: [{ request: create, response: first }] });
    session.answer(create);
    const answer = session.answer(continued([prompt]));
    expect(answer.ok ? 'accepted' : answer.rejection.body.error.message).toBe(
      'messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
    );
  });
});
