import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StreamEvent, TimedEvent } from '../api/stream-events.ts';
import type { Cassette } from '../lesson/schema.ts';
import { readCassette, recordCassette } from './cassette-recording.ts';
import type { ModelAnswer } from '../run/model-source.ts';
import { createLiveSession } from './live-session.ts';
import { readLiveStream } from './read-live-stream.ts';

/** A lesson's recorded streams: what the real API sent, as the SDK's `Stream` yields it. */
const chicago = JSON.parse(
  readFileSync(
    new URL('../../fixtures/streaming-replies/cases/chicago/cassette.json', import.meta.url),
    'utf8',
  ),
) as Cassette;
const call = chicago.calls[0]!;
const events = call.stream!.map((t) => t.event as StreamEvent).filter((e) => e.type !== 'ping');

async function* yielding(list: readonly StreamEvent[], thenThrow?: unknown) {
  for (const event of list) {
    yield event;
    await Promise.resolve();
  }
  if (thenThrow) throw thenThrow;
}

/** A clock that moves 25 ms each time it is read. */
function ticking() {
  let t = 0;
  return () => (t += 25);
}

const overloaded = {
  status: undefined,
  error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
};
const midStreamError = (error: unknown) =>
  error === overloaded ? (overloaded.error as never) : undefined;

describe('readLiveStream', () => {
  it('keeps each event with the gap before it, tells each as it comes, and assembles the message', async () => {
    const told: string[] = [];
    const read = await readLiveStream(yielding(events), {
      now: ticking(),
      onEvent: (e) => told.push(e.type),
      midStreamError,
    });
    expect(told).toEqual(events.map((e) => e.type));
    expect(read.events.map((t) => t.ms)).toEqual(events.map(() => 25));
    expect(read.response).toEqual(call.response);
  });

  it('ends the events with an error event the SDK threw mid-stream', async () => {
    const read = await readLiveStream(yielding(events.slice(0, 4), overloaded), {
      now: ticking(),
      midStreamError,
    });
    expect(read.events.at(-1)?.event).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    // The message as far as it came: the text of the first two deltas.
    const sofar = events
      .slice(2, 4)
      .map((e) =>
        e.type === 'content_block_delta' && e.delta.type === 'text_delta' ? e.delta.text : '',
      );
    expect(sofar.every((t) => t.length > 0)).toBe(true);
    expect(read.response.content).toEqual([{ type: 'text', text: sofar.join('') }]);
  });

  it('rethrows any other error (an abort), and refuses events out of order', async () => {
    const abort = new Error('Request was aborted.');
    await expect(
      readLiveStream(yielding(events.slice(0, 3), abort), { now: ticking(), midStreamError }),
    ).rejects.toBe(abort);
    await expect(
      readLiveStream(yielding(events.slice(1)), { now: ticking(), midStreamError }),
    ).rejects.toThrow('the stream is out of order: content_block_start before message_start');
  });
});

const streamed = (events: TimedEvent[], response = call.response): ModelAnswer => ({
  ok: true,
  response,
  stream: events,
});

describe('a live session, streaming', () => {
  it('sends a stream request, counts the final usage, and records the call a cassette replays', async () => {
    const answers = [
      streamed([
        ...call.stream!.slice(0, 3),
        {
          ms: 5,
          event: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
        },
      ]),
      streamed(call.stream!),
    ];
    const session = createLiveSession({
      api: { answer: () => Promise.resolve(answers.shift()!) },
      limits: { maxTurns: 5, maxTokens: 100_000 },
    });
    const request = call.request as never;
    const cut = await session.answer(request);
    expect(cut).toMatchObject({ ok: true, pace: 0 });
    expect(session.calls).toHaveLength(0);
    const whole = await session.answer(request);
    expect(whole).toMatchObject({ ok: true, pace: 0, stream: call.stream });
    const usage = call.response.usage;
    expect(session.tokens).toBe(2 * (usage.input_tokens + usage.output_tokens));
    expect(session.calls[0]?.interrupted).toHaveLength(1);

    const recorded = recordCassette(session.calls);
    if (!recorded.ok) throw new Error(recorded.problem);
    const again = readCassette(JSON.stringify(recorded.value));
    if (!again.ok) throw new Error(again.problem);
    expect(again.value.calls[0]?.stream).toEqual(call.stream);
    expect(again.value.calls[0]?.interrupted?.[0]?.at(-1)?.event.type).toBe('error');
    expect(again.value.calls[0]?.response).toEqual(call.response);
  });

  it('records only what a cassette holds of the real API’s events, gaps capped at a minute', () => {
    const [start, ...rest] = call.stream!;
    const raw = start!.event as { message: Record<string, unknown> };
    const noisy: TimedEvent = {
      ms: 90_000.4,
      event: {
        type: 'message_start',
        message: {
          ...raw.message,
          container: null,
          usage: { ...(raw.message.usage as object), cache_read_input_tokens: 0 },
        },
      } as unknown as StreamEvent,
    };
    const recorded = recordCassette([
      { request: call.request as never, response: call.response, stream: [noisy, ...rest] },
    ]);
    if (!recorded.ok) throw new Error(recorded.problem);
    expect(recorded.value.calls[0]?.stream?.[0]).toEqual({ ...start, ms: 60_000 });
  });
});
