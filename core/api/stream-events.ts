import type { ApiErrorBody, ApiResponse, ReplyBlock, StopReason } from './messages.ts';

/**
 * The server-sent events of a streamed `POST /v1/messages` (`stream: true`), as the installed
 * `@anthropic-ai/sdk` 1.14 types them (`RawMessageStreamEvent` in resources/messages, read by
 * `lib/MessageStream`), plus the two the SDK's `Stream` handles itself: `ping`, which it skips,
 * and `error`, which it throws as an `APIError`. A cassette records a streamed reply as these.
 */

export interface TextDelta {
  type: 'text_delta';
  text: string;
}
export interface InputJsonDelta {
  type: 'input_json_delta';
  partial_json: string;
}
export interface ThinkingDelta {
  type: 'thinking_delta';
  thinking: string;
}
export interface SignatureDelta {
  type: 'signature_delta';
  signature: string;
}
export interface CitationsDelta {
  type: 'citations_delta';
  citation: Record<string, unknown>;
}
export type ContentBlockDelta =
  TextDelta | InputJsonDelta | ThinkingDelta | SignatureDelta | CitationsDelta;

/** `message_start`'s message: the reply's fields, with no content and no stop reason yet. */
export type StartedMessage = Omit<
  ApiResponse,
  'content' | 'stop_reason' | 'stop_sequence' | 'stop_details'
> & { content: []; stop_reason: null; stop_sequence?: null; stop_details?: null };

/** The events the SDK yields (its `RawMessageStreamEvent`). */
export type MessageStreamEvent =
  | { type: 'message_start'; message: StartedMessage }
  | { type: 'content_block_start'; index: number; content_block: ReplyBlock }
  | { type: 'content_block_delta'; index: number; delta: ContentBlockDelta }
  | { type: 'content_block_stop'; index: number }
  | {
      type: 'message_delta';
      delta: {
        stop_reason: StopReason;
        stop_sequence: string | null;
        stop_details?: ApiResponse['stop_details'];
      };
      /** Cumulative for the whole message: `output_tokens` replaces, never adds. */
      usage: {
        output_tokens: number;
        input_tokens?: number | null;
        cache_creation_input_tokens?: number | null;
        cache_read_input_tokens?: number | null;
      };
    }
  | { type: 'message_stop' };

/** Every event a stream may carry: the SDK's, a keep-alive `ping`, and a mid-stream `error`. */
export type StreamEvent =
  MessageStreamEvent | { type: 'ping' } | ({ type: 'error' } & Pick<ApiErrorBody, 'error'>);

/** One recorded event, with the milliseconds the API took before sending it. */
export interface TimedEvent {
  ms: number;
  event: StreamEvent;
}

/** What a stream assembles to, or the first event that does not fit where it stands. */
export type Assembled =
  | { ok: true; message: ApiResponse }
  | { ok: false; at: number; problem: string }
  | { ok: false; at: number; error: ApiErrorBody['error'] };

/**
 * Builds the message a stream carries, event by event, the way `MessageStream` does in the
 * SDK (`#accumulateMessage`), and checks the order the API keeps: `message_start` first, each
 * block started, filled and stopped before the next starts (by index, from 0), a tool's
 * `partial_json` whole JSON at its `content_block_stop`, a thinking block's text by
 * `thinking_delta` and then its one `signature_delta` (a redacted one whole at its start), one
 * `message_delta`, `message_stop` last. `add` answers the problem with an event, or undefined when it fits.
 */
export interface StreamAccumulator {
  add(event: MessageStreamEvent): string | undefined;
  /** The message so far (undefined before `message_start`); the same object as it grows. */
  readonly snapshot: ApiResponse | undefined;
  /** `message_stop` has come. */
  readonly ended: boolean;
}

export function createAccumulator(): StreamAccumulator {
  let message: ApiResponse | undefined;
  let open: { index: number; json?: string; signed?: boolean } | undefined;
  let ended = false;
  let delta = false;
  function add(event: MessageStreamEvent): string | undefined {
    if (ended) return `an event after message_stop (${event.type})`;
    if (event.type === 'message_start') {
      if (message) return 'a second message_start';
      message = { ...copy(event.message), content: [], stop_reason: 'end_turn' };
      return;
    }
    if (!message) return `${event.type} before message_start`;
    switch (event.type) {
      case 'content_block_start': {
        if (open) return `block ${event.index} starts before block ${open.index} stops`;
        const next = message.content.length;
        if (event.index !== next) return `block ${event.index} starts where block ${next} is next`;
        const block = copy(event.content_block);
        if (block.type === 'text' && block.text !== '') {
          return 'a text block starts with text: its text comes in text_delta events';
        }
        if (block.type === 'thinking' && (block.thinking !== '' || block.signature !== '')) {
          return 'a thinking block starts empty: its text comes in thinking_delta events, its signature in a signature_delta';
        }
        message.content.push(block);
        open = block.type === 'tool_use' ? { index: next, json: '' } : { index: next };
        return;
      }
      case 'content_block_delta': {
        const block = message.content[event.index];
        if (!open || open.index !== event.index || !block) {
          return `a delta for block ${event.index}, which is not open`;
        }
        const d = event.delta;
        if (d.type === 'text_delta' && block.type === 'text') block.text += d.text;
        else if (d.type === 'input_json_delta' && block.type === 'tool_use') {
          open.json += d.partial_json;
        } else if (block.type === 'thinking' && open.signed) {
          return `a ${d.type} for block ${event.index} after its signature_delta, which comes last`;
        } else if (d.type === 'thinking_delta' && block.type === 'thinking') {
          block.thinking += d.thinking;
        } else if (d.type === 'signature_delta' && block.type === 'thinking') {
          // The SDK sets the signature, it does not append: the API sends it whole, once.
          block.signature = d.signature;
          open.signed = true;
        } else return `a ${d.type} for block ${event.index}, a ${block.type} block`;
        return;
      }
      case 'content_block_stop': {
        const block = message.content[event.index];
        if (!open || open.index !== event.index || !block) {
          return `content_block_stop for block ${event.index}, which is not open`;
        }
        if (block.type === 'tool_use') {
          const input = parseInput(open.json ?? '');
          if (!input) {
            return `block ${event.index}'s partial_json is not a JSON object: ${JSON.stringify(open.json)}`;
          }
          block.input = input;
        }
        if (block.type === 'thinking' && !open.signed) {
          return `block ${event.index}'s thinking stops without its signature_delta`;
        }
        open = undefined;
        return;
      }
      case 'message_delta': {
        if (open) return `message_delta while block ${open.index} is open`;
        if (delta) return 'a second message_delta';
        delta = true;
        const { stop_reason, stop_sequence, stop_details } = event.delta;
        message.stop_reason = stop_reason;
        message.stop_sequence = stop_sequence;
        if (stop_details !== undefined) message.stop_details = stop_details;
        message.usage.output_tokens = event.usage.output_tokens;
        const { input_tokens: input, cache_creation_input_tokens: written } = event.usage;
        const { cache_read_input_tokens: read } = event.usage;
        if (typeof input === 'number') message.usage.input_tokens = input;
        if (typeof written === 'number') message.usage.cache_creation_input_tokens = written;
        if (typeof read === 'number') message.usage.cache_read_input_tokens = read;
        return;
      }
      case 'message_stop':
        if (!delta) return 'message_stop before message_delta';
        ended = true;
        return;
    }
  }
  return {
    add,
    get snapshot() {
      return message;
    },
    get ended() {
      return ended;
    },
  };
}

/** The whole message a recorded stream carries (pings skipped), or where it goes wrong. */
export function assembleStream(events: readonly StreamEvent[]): Assembled {
  const accumulator = createAccumulator();
  for (const [at, event] of events.entries()) {
    if (event.type === 'ping') continue;
    if (event.type === 'error') return { ok: false, at, error: event.error };
    const problem = accumulator.add(event);
    if (problem) return { ok: false, at, problem };
  }
  const message = accumulator.snapshot;
  if (!accumulator.ended || !message) {
    return { ok: false, at: events.length, problem: 'the stream ends before message_stop' };
  }
  return { ok: true, message };
}

/** A tool's input from its `partial_json`: no fragments at all is `{}`, as the SDK reads it. */
function parseInput(json: string): Record<string, unknown> | undefined {
  if (json === '') return {};
  try {
    const value: unknown = JSON.parse(json);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function copy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
