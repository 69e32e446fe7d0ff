import type { ApiResponse } from '../core/api/messages.ts';
import { assembleStream, type StreamEvent, type TimedEvent } from '../core/api/stream-events.ts';
import { jsonEqual } from '../core/json/json-diff.ts';

/**
 * The events the API streams for `response`, as an author's recording needs them
 * (scripts/recording.ts): the order and shapes of a real stream (message_start with
 * `output_tokens` 1, each block started, filled and stopped, a `ping` after the first block
 * starts, a tool's input as an empty `partial_json` then fragments of its JSON, a thinking block
 * started empty, its text in `thinking_delta` pieces and its signature in one `signature_delta`
 * just before its stop, a redacted one whole at its start, message_delta
 * with the stop reason and the cumulative usage, message_stop), text in pieces of a few words,
 * and gaps of the kind a real stream has (a first event after a few hundred milliseconds, then
 * tens of milliseconds each). Deterministic: the same response gives the same events.
 */
export function streamOf(response: ApiResponse): TimedEvent[] {
  const { content, stop_reason, usage, ...head } = response;
  const events: StreamEvent[] = [
    {
      type: 'message_start',
      message: {
        ...head,
        content: [],
        stop_reason: null,
        ...('stop_sequence' in response ? { stop_sequence: null } : {}),
        ...('stop_details' in response ? { stop_details: null } : {}),
        // The input side is known when the stream starts: the cache's counts go out with it.
        usage: { ...usage, output_tokens: 1 },
      } as Extract<StreamEvent, { type: 'message_start' }>['message'],
    },
  ];
  for (const [index, block] of content.entries()) {
    if (block.type === 'text') {
      events.push({
        type: 'content_block_start',
        index,
        content_block: { type: 'text', text: '' },
      });
      if (index === 0) events.push({ type: 'ping' });
      for (const text of pieces(block.text, /\S+\s*/g, 3)) {
        events.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
      }
    } else if (block.type === 'thinking') {
      const start = { type: 'thinking' as const, thinking: '', signature: '' };
      events.push({ type: 'content_block_start', index, content_block: start });
      if (index === 0) events.push({ type: 'ping' });
      // With `display: "omitted"` the text is empty, and no thinking_delta comes at all.
      const thoughts = block.thinking === '' ? [] : pieces(block.thinking, /\S+\s*/g, 6);
      for (const thinking of thoughts) {
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'thinking_delta', thinking },
        });
      }
      const signature = { type: 'signature_delta' as const, signature: block.signature };
      events.push({ type: 'content_block_delta', index, delta: signature });
    } else if (block.type === 'redacted_thinking') {
      events.push({ type: 'content_block_start', index, content_block: { ...block } });
      if (index === 0) events.push({ type: 'ping' });
    } else {
      const start = { ...block, input: {} };
      events.push({ type: 'content_block_start', index, content_block: start });
      if (index === 0) events.push({ type: 'ping' });
      for (const partial_json of ['', ...chunks(JSON.stringify(block.input), 11)]) {
        events.push({
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json },
        });
      }
    }
    events.push({ type: 'content_block_stop', index });
  }
  events.push({
    type: 'message_delta',
    delta: {
      stop_reason,
      stop_sequence: response.stop_sequence ?? null,
      ...('stop_details' in response ? { stop_details: response.stop_details ?? null } : {}),
    },
    usage: { output_tokens: usage.output_tokens },
  });
  events.push({ type: 'message_stop' });
  return events.map((event, i) => ({ ms: gap(i, usage.input_tokens), event }));
}

/** A recorded stream that still assembles to its response is kept; else it is made again. */
export function streamFor(response: ApiResponse, recorded?: TimedEvent[]): TimedEvent[] {
  if (recorded) {
    const assembled = assembleStream(recorded.map((timed) => timed.event));
    if (assembled.ok && jsonEqual(assembled.message, response)) return recorded;
  }
  return streamOf(response);
}

/**
 * The API's words for each error type an `error` event may carry mid-stream (its errors page:
 * 529 `Overloaded`, 500 `Internal server error`; a blocked output is an
 * `invalid_request_error`).
 */
export const STREAM_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  overloaded_error: 'Overloaded',
  api_error: 'Internal server error',
  timeout_error: 'Request timed out',
  rate_limit_error:
    'Number of output tokens has exceeded your per-minute rate limit (https://docs.anthropic.com/en/api/rate-limits); see the response headers for current usage. Please try again later.',
  invalid_request_error: 'Output blocked by content filtering policy',
};

/**
 * An attempt at `response` cut off by an error event of `type`: the first `after` events of
 * its stream, then the error, a few tens of milliseconds later.
 */
export function interruptedOf(response: ApiResponse, after: number, type: string): TimedEvent[] {
  const events = streamOf(response).slice(0, after);
  const message = STREAM_ERROR_MESSAGES[type] ?? type;
  return [...events, { ms: 34, event: { type: 'error', error: { type, message } } }];
}

/** Time to the first event grows with the prompt; later ones come every 20 to 50 ms. */
function gap(i: number, inputTokens: number): number {
  if (i === 0) return 300 + Math.round(inputTokens / 4);
  return 20 + ((i * 37) % 31);
}

function pieces(text: string, word: RegExp, size: number): string[] {
  const words = text.match(word) ?? [text];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += size) out.push(words.slice(i, i + size).join(''));
  return out;
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}
