import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import type { ModelAnswer } from '../run/model-source.ts';
import { createLiveSession } from './live-session.ts';

function reply(text: string, usage = { input_tokens: 10, output_tokens: 5 }): ApiResponse {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-5-5',
    content: [{ type: 'text', text }],
    stop_reason: 'end_turn',
    usage,
  };
}

/** An API that answers every request with `answer`, and keeps what it was sent. */
function sender(answer: ModelAnswer = { ok: true, response: reply('hi') }) {
  const sent: ApiRequest[] = [];
  return {
    sent,
    answer: (request: ApiRequest) => {
      sent.push(request);
      return Promise.resolve(answer);
    },
  };
}

const ask = (content: unknown = 'Hello') => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content }],
});

const limits = { maxTurns: 10, maxTokens: 100_000 };

describe('createLiveSession', () => {
  it('sends a valid request, and keeps the call and its tokens', async () => {
    const api = sender();
    const session = createLiveSession({ api: api, limits });
    expect(await session.answer(ask())).toEqual({ ok: true, response: reply('hi') });
    expect(api.sent).toEqual([ask()]);
    expect({ calls: session.calls.length, tokens: session.tokens }).toEqual({
      calls: 1,
      tokens: 15,
    });
  });

  it('refuses a malformed request with the API’s 400, sending nothing', async () => {
    const api = sender();
    const session = createLiveSession({ api: api, limits });
    const answer = await session.answer(ask(''));
    expect(answer).toMatchObject({
      ok: false,
      rejection: {
        kind: 'invalid-request',
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            message:
              'messages.0: all messages must have non-empty content except for the optional final assistant message',
          },
        },
      },
    });
    expect(api.sent).toEqual([]);
  });

  it('hands back the API’s error as it came', async () => {
    const body = {
      type: 'error' as const,
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
    };
    const session = createLiveSession({
      api: sender({ ok: false, status: 401, body }),
      limits,
    });
    expect(await session.answer(ask())).toEqual({ ok: false, status: 401, body });
    expect(session.calls).toEqual([]);
  });

  it('stops the run before a call past the limit on model calls, and stays stopped', async () => {
    const api = sender();
    const session = createLiveSession({ api: api, limits: { ...limits, maxTurns: 1 } });
    await session.answer(ask());
    const stop = "Stopped before model call 2: the run's limit is 1 model call.";
    expect(await session.answer(ask())).toEqual({ ok: false, stop });
    expect(await session.answer(ask())).toEqual({ ok: false, stop });
    expect(session.stopped).toBe(stop);
    expect(api.sent).toHaveLength(1);
  });

  it('makes no call that could take the run past its tokens: its max_tokens count before it is sent', async () => {
    // One call of max_tokens 1,024 could pass a limit of 1,000 by itself: it is not made.
    const api = sender();
    const tight = createLiveSession({ api: api, limits: { ...limits, maxTokens: 1_000 } });
    expect(await tight.answer(ask())).toEqual({
      ok: false,
      stop: 'Stopped before model call 1: it could use 1,072 tokens (its max_tokens, 1,024, and up to 48 of input), and the run has 1,000 left of its limit of 1,000.',
    });
    expect(api.sent).toEqual([]);

    // 1,072 fit in 2,000; after 1,100 are used, the next 1,072 do not.
    const used = sender({
      ok: true,
      response: reply('hi', { input_tokens: 900, output_tokens: 200 }),
    });
    const session = createLiveSession({ api: used, limits: { ...limits, maxTokens: 2_000 } });
    expect((await session.answer(ask())).ok).toBe(true);
    expect(await session.answer(ask())).toEqual({
      ok: false,
      stop: 'Stopped before model call 2: it could use 1,072 tokens (its max_tokens, 1,024, and up to 48 of input), and the run has 900 left of its limit of 2,000.',
    });
    expect(used.sent).toHaveLength(1);
    expect(session.tokens).toBeLessThanOrEqual(2_000);
  });

  it('stops the run once it has used its tokens', async () => {
    const api = sender({
      ok: true,
      response: reply('hi', { input_tokens: 900, output_tokens: 200 }),
    });
    const session = createLiveSession({ api: api, limits: { ...limits, maxTokens: 1_100 } });
    await session.answer(ask());
    expect(await session.answer(ask())).toEqual({
      ok: false,
      stop: 'Stopped before model call 2: the run has used 1,100 tokens, and its limit is 1,100.',
    });
    expect(api.sent).toHaveLength(1);
  });

  it('calls the model the learner picked', async () => {
    const api = sender();
    const session = createLiveSession({ api: api, limits, model: 'claude-haiku-5-5' });
    await session.answer(ask());
    expect(api.sent[0]?.model).toBe('claude-haiku-5-5');
  });
});
