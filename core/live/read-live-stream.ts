import type { ApiErrorBody, ApiResponse } from '../api/messages.ts';
import { createAccumulator, type StreamEvent, type TimedEvent } from '../api/stream-events.ts';
import { REPORT_LIMITS } from '../grade/report-limits.ts';

/**
 * A streamed reply as live mode reads it from the real SDK's `Stream` (the host's, never the
 * sandbox's): each event with the milliseconds since the one before (so a recording keeps the
 * gaps, and a replay can show them), told to `onEvent` as it arrives (the hosts print text as it
 * streams), and assembled to the message, as `MessageStream` does. An `error` event the SDK
 * throws mid-stream ends the events with it, as a cassette records one.
 */

export interface LiveStream {
  events: TimedEvent[];
  /** The message the events assembled to; at an `error` event, as far as it came. */
  response: ApiResponse;
}

/** The most events one streamed reply may bring before it is refused as a flood. */
export const LIVE_STREAM_EVENTS = REPORT_LIMITS.streamEvents * 10;

export async function readLiveStream(
  stream: AsyncIterable<unknown>,
  {
    now,
    onEvent,
    midStreamError,
  }: {
    now: () => number;
    onEvent?: (event: StreamEvent) => void;
    /** The `error` event's body when the SDK threw one mid-stream; undefined for any other. */
    midStreamError: (error: unknown) => ApiErrorBody | undefined;
  },
): Promise<LiveStream> {
  const events: TimedEvent[] = [];
  const accumulator = createAccumulator();
  let last = now();
  const push = (event: StreamEvent) => {
    const at = now();
    events.push({ ms: Math.max(0, Math.round(at - last)), event });
    last = at;
    onEvent?.(event);
  };
  try {
    for await (const raw of stream) {
      const event = raw as StreamEvent;
      if (events.length >= LIVE_STREAM_EVENTS) {
        throw new Error(`the stream sent more than ${LIVE_STREAM_EVENTS} events`);
      }
      push(event);
      if (event.type === 'ping' || event.type === 'error') continue;
      const problem = accumulator.add(event);
      if (problem) throw new Error(`the stream is out of order: ${problem}`);
    }
  } catch (error) {
    const body = midStreamError(error);
    if (!body || !accumulator.snapshot) throw error;
    push({ type: 'error', error: body.error });
  }
  const response = accumulator.snapshot;
  if (!response) throw new Error('the stream ended before message_start');
  return { events, response: JSON.parse(JSON.stringify(response)) as ApiResponse };
}
