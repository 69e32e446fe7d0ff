import type { StreamEvent, TimedEvent } from '../api/stream-events.ts';
import { REPORT_LIMITS } from './report-limits.ts';

/**
 * A streamed reply as a transcript keeps it, to show it as it arrived: its events with their
 * recorded gaps, the first `REPORT_LIMITS.streamEvents` of them, and how many more there were.
 */
export interface TurnStream {
  events: TimedEvent[];
  /** Events past the bound, not kept (the turn's reply is still the whole one). */
  more: number;
}

export function keepStream(events: readonly TimedEvent[]): TurnStream {
  const max = REPORT_LIMITS.streamEvents;
  return { events: events.slice(0, max), more: Math.max(0, events.length - max) };
}

/** One content block as far as the events up to a point have built it. */
export interface ReplayBlock {
  index: number;
  type: string;
  /** A tool call's name. */
  name?: string;
  /**
   * A text or thinking block's text so far; a tool call's `partial_json` so far; a redacted
   * thinking block's encrypted `data`, which arrives whole.
   */
  text: string;
  /** A thinking block's signature has come (its `signature_delta`, just before its stop). */
  signed?: boolean;
  /** Its `content_block_stop` has come. */
  done: boolean;
}

/** What a reader of the stream had seen after its first `count` events. */
export interface ReplayFrame {
  /** Milliseconds since the stream started, at the last event seen. */
  elapsedMs: number;
  blocks: ReplayBlock[];
  stopReason?: string;
  /** An `error` event's type and message, which ends the stream. */
  error?: string;
  ended: boolean;
}

/** Each event's time since the stream started: the sum of the gaps up to it. */
export function eventTimes(events: readonly TimedEvent[]): number[] {
  let at = 0;
  return events.map(({ ms }) => (at += Math.max(0, ms)));
}

/**
 * The reply after the first `count` events, built leniently (a recorded stream was checked when
 * it was loaded or received; this only shows it): text grows by `text_delta`, thinking by
 * `thinking_delta` until its `signature_delta`, a tool call's input by its `input_json_delta`
 * fragments; a redacted thinking block comes whole.
 */
export function replayAt(events: readonly TimedEvent[], count: number): ReplayFrame {
  const seen = events.slice(0, Math.max(0, count));
  const frame: ReplayFrame = { elapsedMs: eventTimes(seen).at(-1) ?? 0, blocks: [], ended: false };
  const byIndex = new Map<number, ReplayBlock>();
  for (const { event } of seen) apply(frame, byIndex, event);
  return frame;
}

function apply(frame: ReplayFrame, byIndex: Map<number, ReplayBlock>, event: StreamEvent) {
  switch (event.type) {
    case 'content_block_start': {
      const start = event.content_block as {
        type: string;
        name?: unknown;
        text?: unknown;
        data?: unknown;
      };
      const block: ReplayBlock = { index: event.index, type: start.type, text: '', done: false };
      if (typeof start.name === 'string') block.name = start.name;
      if (typeof start.text === 'string') block.text = start.text;
      if (typeof start.data === 'string') block.text = start.data;
      byIndex.set(event.index, block);
      frame.blocks.push(block);
      return;
    }
    case 'content_block_delta': {
      const block = byIndex.get(event.index);
      if (!block) return;
      const d = event.delta;
      if (d.type === 'text_delta') block.text += d.text;
      else if (d.type === 'input_json_delta') block.text += d.partial_json;
      else if (d.type === 'thinking_delta') block.text += d.thinking;
      else if (d.type === 'signature_delta') block.signed = true;
      return;
    }
    case 'content_block_stop': {
      const block = byIndex.get(event.index);
      if (block) block.done = true;
      return;
    }
    case 'message_delta':
      frame.stopReason = event.delta.stop_reason;
      return;
    case 'message_stop':
      frame.ended = true;
      return;
    case 'error':
      frame.error = `${event.error.type}: ${event.error.message}`;
      frame.ended = true;
      return;
    default:
      return;
  }
}

/** A short line naming one event, for the list of a stream's events. */
export function describeEvent(event: StreamEvent): string {
  const quote = (text: string) => JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
  switch (event.type) {
    case 'content_block_start': {
      const block = event.content_block as { type: string; name?: unknown };
      const name = typeof block.name === 'string' ? ` ${block.name}` : '';
      return `content_block_start #${event.index} ${block.type}${name}`;
    }
    case 'content_block_delta': {
      const d = event.delta;
      const what =
        d.type === 'text_delta'
          ? quote(d.text)
          : d.type === 'input_json_delta'
            ? quote(d.partial_json)
            : d.type === 'thinking_delta'
              ? quote(d.thinking)
              : d.type === 'signature_delta'
                ? `(${d.signature.length} characters)`
                : '';
      return `${d.type} #${event.index}${what ? ` ${what}` : ''}`;
    }
    case 'content_block_stop':
      return `content_block_stop #${event.index}`;
    case 'message_delta':
      return `message_delta ${event.delta.stop_reason} · ${event.usage.output_tokens} output tokens`;
    case 'error':
      return `error ${event.error.type}`;
    default:
      return event.type;
  }
}
