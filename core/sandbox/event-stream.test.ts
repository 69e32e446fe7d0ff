import { describe, expect, it } from 'vitest';
import type { TimedEvent } from '../api/stream-events.ts';
import { createStreamLedger } from './event-stream.ts';
import { AnthropicError, APIError } from './sdk/errors.ts';

const at = (event: TimedEvent['event']): TimedEvent => ({ ms: 0, event });
const start = at({
  type: 'message_start',
  message: {
    id: 'msg_01Stream',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-5-5',
    content: [],
    stop_reason: null,
    usage: { input_tokens: 10, output_tokens: 1 },
  },
});
const events: TimedEvent[] = [
  start,
  at({ type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
  at({ type: 'ping' }),
  at({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
  at({ type: 'content_block_stop', index: 0 }),
  at({
    type: 'message_delta',
    delta: { stop_reason: 'end_turn', stop_sequence: null },
    usage: { output_tokens: 2 },
  }),
  at({ type: 'message_stop' }),
];
const noWait = () => Promise.resolve();

async function types(stream: AsyncIterable<{ type: string }>, stopAt?: string) {
  const seen: string[] = [];
  for await (const event of stream) {
    seen.push(event.type);
    if (event.type === stopAt) break;
  }
  return seen;
}

describe('a replayed stream', () => {
  it('yields every event but pings, and leaves nothing to report when read to the end', async () => {
    const ledger = createStreamLedger(noWait);
    expect(await types(ledger.open(1, events))).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(ledger.problem()).toBeUndefined();
  });

  it('reports a stream the code stopped reading, with how far it read', async () => {
    const ledger = createStreamLedger(noWait);
    await types(ledger.open(2, events), 'message_delta');
    expect(ledger.problem()).toBe(
      'The code stopped reading the stream of request #2 after 6 of its 7 events: the reply is only whole at message_stop.',
    );
  });

  it('reports a stream never read, and one aborted', async () => {
    const unread = createStreamLedger(noWait);
    unread.open(1, events);
    expect(unread.problem()).toBe(
      'The code never read the stream of request #1: its 7 events were not taken, so the reply was never seen.',
    );
    const aborted = createStreamLedger(noWait);
    const stream = aborted.open(3, events);
    const seen: string[] = [];
    for await (const event of stream) {
      seen.push(event.type);
      if (event.type === 'content_block_start') stream.controller.abort();
    }
    expect(seen).toEqual(['message_start', 'content_block_start']);
    expect(aborted.problem()).toMatch(
      /^The code aborted the stream of request #3 after 2 of its 7/,
    );
  });

  it("throws the SDK's error on a second reading, and reports it even when caught", async () => {
    const ledger = createStreamLedger(noWait);
    const stream = ledger.open(1, events);
    await types(stream);
    const again = await types(stream).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AnthropicError);
    expect((again as Error).message).toBe(
      'Cannot iterate over a consumed stream, use `.tee()` to split the stream.',
    );
    expect(ledger.problem()).toMatch(/^The code read the stream of request #1 twice/);
  });

  it('throws an error event as an APIError with its type, as the SDK does', async () => {
    const ledger = createStreamLedger(noWait);
    const overloaded = at({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    const thrown = await types(ledger.open(1, [start, overloaded])).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(APIError);
    expect([(thrown as APIError).status, (thrown as APIError).type]).toEqual([
      undefined,
      'overloaded_error',
    ]);
    expect(ledger.problem()).toBeUndefined();
  });

  it('waits out each gap before its event', async () => {
    const waited: number[] = [];
    const ledger = createStreamLedger((ms) => {
      waited.push(ms);
      return Promise.resolve();
    });
    await types(
      ledger.open(1, [{ ...start, ms: 400 }, ...events.slice(1).map((e) => ({ ...e, ms: 30 }))]),
    );
    expect(waited).toEqual([400, 30, 30, 30, 30, 30, 30]);
  });
});
