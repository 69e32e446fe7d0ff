import type { MessageStreamEvent, TimedEvent } from '../api/stream-events.ts';
import { AnthropicError, APIError } from './sdk/errors.ts';

/**
 * A streamed reply as the learner's code reads it, inside the worker: the SDK's `Stream`
 * (node_modules/@anthropic-ai/sdk/src/core/streaming.ts, 1.14) over a recording's events. Like
 * it, iteration skips `ping`, throws an `error` event as an `APIError`, may be iterated once
 * ("Cannot iterate over a consumed stream, ..."), and a `break` ends it. Each event waits out
 * its recorded gap first (none when the host replays at once).
 *
 * Every stream of a case is noted in the case's `StreamLedger`, which says at the case's end
 * which one the code stopped reading, never read, or read twice: the grader reports it.
 */

const CONSUMED = 'Cannot iterate over a consumed stream, use `.tee()` to split the stream.';

/** The streams of one case, and how far the code read each. */
export interface StreamLedger {
  open(request: number, events: readonly TimedEvent[]): EventStream;
  /** A sentence on the first stream not read to its end (or read twice); undefined if none. */
  problem(): string | undefined;
}

interface Reading {
  request: number;
  total: number;
  read: number;
  started: boolean;
  finished: boolean;
  aborted: boolean;
  twice: boolean;
}

/** The SDK's `Stream<RawMessageStreamEvent>`, as far as a replay can honour it. */
export interface EventStream extends AsyncIterable<MessageStreamEvent> {
  /** Aborting it ends the iteration where it is, as the SDK's `controller.abort()` does. */
  readonly controller: { abort(): void; readonly signal: { readonly aborted: boolean } };
  tee(): never;
}

export function createStreamLedger(wait: (ms: number) => Promise<void>): StreamLedger {
  const readings: Reading[] = [];

  function open(request: number, events: readonly TimedEvent[]): EventStream {
    const reading: Reading = {
      request,
      total: events.length,
      read: 0,
      started: false,
      finished: false,
      aborted: false,
      twice: false,
    };
    readings.push(reading);
    const signal = { aborted: false };
    const controller = {
      signal,
      abort() {
        signal.aborted = true;
        reading.aborted ||= !reading.finished;
      },
    };
    async function* iterate(): AsyncGenerator<MessageStreamEvent> {
      if (reading.started) {
        reading.twice = true;
        throw new AnthropicError(CONSUMED);
      }
      reading.started = true;
      for (const { ms, event } of events) {
        if (ms > 0) await wait(ms);
        if (signal.aborted) return;
        reading.read++;
        if (event.type === 'ping') continue;
        if (event.type === 'error') {
          reading.finished = true;
          // As the SDK's Stream: no status, the event's body, its error type.
          throw new APIError(undefined, event, undefined, undefined, event.error.type);
        }
        yield event;
      }
      reading.finished = true;
    }
    return {
      controller,
      [Symbol.asyncIterator]: iterate,
      tee(): never {
        throw new AnthropicError(
          'stream.tee() is not available in the course runner: read the stream once and keep what you need.',
        );
      },
    };
  }

  function problem(): string | undefined {
    const twice = readings.find((r) => r.twice);
    if (twice) {
      return `The code read the stream of request #${twice.request} twice: a stream can be read once (the SDK throws "${CONSUMED}"). Keep what the first reading gives.`;
    }
    const unread = readings.find((r) => !r.finished);
    if (!unread) return;
    const { request, read, total } = unread;
    if (!unread.started) {
      return `The code never read the stream of request #${request}: its ${total} events were not taken, so the reply was never seen.`;
    }
    const how = unread.aborted ? 'aborted' : 'stopped reading';
    return `The code ${how} the stream of request #${request} after ${read} of its ${total} events: the reply is only whole at message_stop.`;
  }

  return { open, problem };
}
