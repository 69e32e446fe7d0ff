import { APIConnectionError, APIUserAbortError } from '@anthropic-ai/sdk';
import { describe, expect, it, vi } from 'vitest';
import { startApiStandIn } from './start-api-stand-in.ts';
import { ask, sdk, useStandIn } from './test-support.ts';

const held = useStandIn();
const longWait = { delayMs: 60_000, reply: { content: [{ type: 'text', text: 'too late' }] } };

describe('a delayed answer', () => {
  it('notices when the client aborts, and goes on serving', async () => {
    const { standIn } = held;
    standIn.script([longWait]);
    const stop = new AbortController();
    const client = sdk(standIn);
    const call = client.messages.create(ask(), { signal: stop.signal });
    await vi.waitFor(() => expect(standIn.requests()).toHaveLength(1));
    stop.abort();
    await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
    await vi.waitFor(() => expect(standIn.requests()[0]?.aborted).toBe(true));
    expect(standIn.requests()[0]?.status).toBeUndefined();

    const next = await client.messages.create(ask('Still there?'));
    expect(next.content).toEqual([
      { type: 'text', text: 'The API stand-in received: "Still there?"' },
    ]);
    expect(standIn.pending()).toBe(0);
  });

  it('closes while a request waits: the client sees the connection drop', async () => {
    const standIn = await startApiStandIn();
    standIn.script([longWait]);
    const call = sdk(standIn, { maxRetries: 0 }).messages.create(ask());
    await vi.waitFor(() => expect(standIn.requests()).toHaveLength(1));
    await standIn.close();
    await expect(call).rejects.toBeInstanceOf(APIConnectionError);
  });
});
