import { describe, expect, it } from 'vitest';
import { echoCassette, echoRequests } from '../../core/cassette/test-conversation.ts';
import { ask, sdk, useStandIn } from './test-support.ts';

const held = useStandIn();

async function control(path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const answer = await fetch(`${held.standIn.url}/__stand-in/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: answer.status, body: await answer.json() };
}

describe('the control path, for a stand-in another process started', () => {
  it('scripts a key over HTTP, and lists what was sent', async () => {
    const key = 'sk-ant-from-playwright-7777';
    const steps = [{ reply: { content: [{ type: 'text', text: 'scripted over HTTP' }] } }];
    expect(await control('script', { key, steps })).toEqual({
      status: 200,
      body: { ok: true, pending: 1 },
    });
    const reply = await sdk(held.standIn, { apiKey: key }).messages.create(ask());
    expect(reply.content).toEqual(steps[0]?.reply.content);

    const { body } = await control('requests');
    expect(body).toEqual(held.standIn.requests());
    expect(body).toMatchObject([{ key: '…7777', body: ask(), status: 200 }]);
    expect(await control('health')).toEqual({ status: 200, body: { ok: true, pending: 0 } });
  });

  it('replays a cassette sent as JSON', async () => {
    await control('script', { steps: [{ cassette: echoCassette() }] });
    const [first] = echoRequests();
    const reply = await sdk(held.standIn).messages.create(first as never);
    expect(reply.id).toBe(echoCassette().calls[0]?.response.id);
  });

  it('forgets scripts, logs and scripted keys on reset', async () => {
    const key = 'sk-ant-forgotten-key-0001';
    await control('script', { key, steps: [{ delayMs: 0 }] });
    await sdk(held.standIn).messages.create(ask());
    expect(await control('reset', {})).toEqual({ status: 200, body: { ok: true } });
    expect([(await control('requests')).body, held.standIn.pending()]).toEqual([[], 0]);
    const error = await sdk(held.standIn, { apiKey: key })
      .messages.create(ask())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
  });

  it('says what is wrong with a script, and queues nothing', async () => {
    expect(await control('script', { steps: [{ reply: { content: 'hi' } }] })).toEqual({
      status: 400,
      body: {
        error: 'steps[0]: ✖ Invalid input: expected array, received string\n  → at reply.content',
      },
    });
    expect(await control('script', { steps: [{ answer: 'hi' }] })).toEqual({
      status: 400,
      body: { error: 'steps[0]: expected one of { reply }, { error }, { cassette }, { delayMs }' },
    });
    expect(held.standIn.pending()).toBe(0);
  });

  it('names its routes when asked for another', async () => {
    expect(await control('nothing-here')).toEqual({
      status: 404,
      body: {
        error:
          'no control route GET /__stand-in/nothing-here; known: GET /__stand-in/health, GET /__stand-in/requests, GET /__stand-in/preflights, POST /__stand-in/script, POST /__stand-in/reset',
      },
    });
  });
});
