import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startApiStandIn,
  STAND_IN_KEY,
  type ApiStandIn,
} from '../../../scripts/api-stand-in/start-api-stand-in.ts';
import { createSdkAnswerer, type SdkAnswererOptions } from './sdk-answerer.ts';
import { DEFAULT_LIMITS } from './wallet.ts';

let standIn: ApiStandIn;
beforeAll(async () => {
  standIn = await startApiStandIn({ models: ['claude-sonnet-5-5'] });
});
afterAll(() => standIn.close());
beforeEach(() => standIn.reset());

const ask = (content = 'Weather in Chicago?') => ({
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  messages: [{ role: 'user', content }],
});
const never = new AbortController().signal;

function answerer(options: Partial<SdkAnswererOptions> = {}) {
  return createSdkAnswerer({
    apiKey: STAND_IN_KEY,
    baseURL: standIn.url,
    limits: DEFAULT_LIMITS,
    ...options,
  });
}

describe('the page answerer (the real SDK against the API stand-in)', () => {
  it('answers with the API response, as the API sent it, and meters its tokens', async () => {
    standIn.script([{ reply: { content: [{ type: 'text', text: 'Rainy.' }] } }]);
    const onMeter = vi.fn();
    const answer = await answerer({ onMeter })(ask(), { signal: never });
    if (!answer.ok) throw new Error('expected a reply');
    expect(answer.response.content).toEqual([{ type: 'text', text: 'Rainy.' }]);
    expect(answer.response).not.toHaveProperty('_request_id');
    const [sent] = standIn.requests();
    expect(sent?.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(sent?.headers['x-stainless-retry-count']).toBe('0');
    const { input_tokens, output_tokens } = answer.response.usage;
    expect(onMeter).toHaveBeenCalledWith({
      calls: 1,
      inputTokens: input_tokens,
      outputTokens: output_tokens,
    });
  });

  it('refuses a request the API would refuse, without sending it', async () => {
    const answer = await answerer()(
      { ...ask(), messages: [{ role: 'assistant', content: 'Hi' }] },
      { signal: never },
    );
    expect(answer).toMatchObject({
      ok: false,
      status: 400,
      rejection: { kind: 'invalid-request', requestNumber: 1 },
    });
    expect(standIn.requests()).toHaveLength(0);
  });

  it('sends the model from the settings in place of the code’s', async () => {
    await answerer({ model: 'claude-haiku-5-5' })(ask(), { signal: never });
    expect(standIn.requests()[0]?.body).toMatchObject({ model: 'claude-haiku-5-5' });
  });

  it('retries a 429 as the SDK does, honouring retry-after, and says so', async () => {
    standIn.script([
      { error: { status: 429, retryAfter: 0.01 } },
      { reply: { content: [{ type: 'text', text: 'Now.' }] } },
    ]);
    const answer = await answerer()(ask(), { signal: never });
    expect(answer).toMatchObject({
      ok: true,
      attempts: [{ status: 429, type: 'rate_limit_error', retryAfterMs: 10 }],
    });
    expect(standIn.requests().map((r) => r.headers['x-stainless-retry-count'])).toEqual(['0', '1']);
  });

  it('gives up after two retries of a 529, with the API’s error and the retries', async () => {
    const overloaded = { error: { status: 529, retryAfter: 0.01 } };
    standIn.script([overloaded, overloaded, overloaded]);
    const answer = await answerer()(ask(), { signal: never });
    expect(answer).toMatchObject({
      ok: false,
      status: 529,
      body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      apiError: { status: 529, type: 'overloaded_error' },
      attempts: [{ status: 529 }, { status: 529 }],
    });
    expect(standIn.requests()).toHaveLength(3);
  });

  it('says a 401 is the key, and tells the page to ask again', async () => {
    const onKeyRejected = vi.fn();
    const answer = await answerer({ apiKey: 'sk-ant-wrong', onKeyRejected })(ask(), {
      signal: never,
    });
    expect(answer).toMatchObject({
      ok: false,
      status: 401,
      apiError: { type: 'authentication_error' },
    });
    expect(onKeyRejected).toHaveBeenCalledOnce();
  });

  it('names a model that does not exist (404)', async () => {
    const answer = await answerer({ model: 'claude-nonexistent' })(ask(), { signal: never });
    expect(answer).toMatchObject({
      ok: false,
      status: 404,
      apiError: { message: 'model: claude-nonexistent' },
    });
    if (!answer.ok && 'apiError' in answer) {
      expect(answer.apiError?.explanation).toContain('"claude-nonexistent"');
    }
  });

  it('aborts the HTTP request when the run ends', async () => {
    standIn.script([{ delayMs: 60_000 }]);
    const stop = new AbortController();
    const call = answerer()(ask(), { signal: stop.signal });
    await vi.waitFor(() => expect(standIn.requests()).toHaveLength(1));
    stop.abort();
    await call;
    await vi.waitFor(() => expect(standIn.requests()[0]?.aborted).toBe(true));
  });

  it('stops before a call past the limit of calls, and sends nothing', async () => {
    const answer = answerer({ limits: { maxCalls: 1, maxTokens: 1_000_000 } });
    expect(await answer(ask(), { signal: never })).toMatchObject({ ok: true });
    const second = await answer(ask('Again?'), { signal: never });
    expect(second).toEqual({
      ok: false,
      stop: expect.stringContaining('made 1 model call, its limit') as unknown,
    });
    expect(standIn.requests()).toHaveLength(1);
  });

  it('reports a server it cannot reach as a connection failure', async () => {
    const gone = await startApiStandIn();
    const url = gone.url;
    await gone.close();
    const answer = await createSdkAnswerer({
      apiKey: STAND_IN_KEY,
      baseURL: url,
      limits: DEFAULT_LIMITS,
    })(ask(), { signal: never });
    expect(answer).toMatchObject({
      ok: false,
      status: 0,
      apiError: { type: 'connection_error' },
      attempts: [{ status: 0 }, { status: 0 }],
    });
  });
});
