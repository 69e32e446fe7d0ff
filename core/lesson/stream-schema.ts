import { z } from 'zod';
import { assembleStream, type StreamEvent } from '../api/stream-events.ts';
import { diffJson, displayPath } from '../json/json-diff.ts';

/**
 * A streamed call in a cassette: its events (core/api/stream-events.ts), each after the gap the
 * API took before sending it, so a replay can keep the recorded pace or send them at once. The
 * call's `response` is the message the events assemble to, and the loader checks that they do.
 */

const json: z.ZodType<unknown> = z.unknown();
const index = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

/** A reply's `usage`: input and output, and with prompt caching the cache's reads and writes. */
export const usageSchema = z.strictObject({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count.nullable().optional(),
  cache_read_input_tokens: count.nullable().optional(),
  cache_creation: z
    .strictObject({ ephemeral_5m_input_tokens: count, ephemeral_1h_input_tokens: count })
    .nullable()
    .optional(),
});
const usage = usageSchema;

/** The installed SDK's `StopReason`. */
export const stopReasonSchema = z.enum([
  'end_turn',
  'tool_use',
  'max_tokens',
  'stop_sequence',
  'pause_turn',
  'refusal',
  'model_context_window_exceeded',
]);

/** A refusal's `stop_details`. */
export const stopDetailsSchema = z.strictObject({
  type: z.literal('refusal'),
  category: z
    .enum(['cyber', 'bio', 'frontier_llm', 'reasoning_extraction', 'general_harms'])
    .nullable(),
  explanation: z.string().nullable(),
});

const deltaSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text_delta'), text: z.string() }),
  z.strictObject({ type: z.literal('input_json_delta'), partial_json: z.string() }),
  z.strictObject({ type: z.literal('thinking_delta'), thinking: z.string() }),
  z.strictObject({ type: z.literal('signature_delta'), signature: z.string() }),
  z.strictObject({ type: z.literal('citations_delta'), citation: z.record(z.string(), json) }),
]);

const streamEventSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('message_start'),
    message: z.strictObject({
      id: z.string().regex(/^msg_[A-Za-z0-9_]+$/, 'message ids look like msg_...'),
      type: z.literal('message'),
      role: z.literal('assistant'),
      model: z.string().min(1),
      content: z.tuple([]),
      stop_reason: z.null(),
      stop_sequence: z.null().optional(),
      stop_details: z.null().optional(),
      usage,
    }),
  }),
  z.strictObject({
    type: z.literal('content_block_start'),
    index,
    content_block: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('text'), text: z.string() }),
      // A thinking block starts empty; thinking_delta and one signature_delta fill it.
      z.strictObject({ type: z.literal('thinking'), thinking: z.string(), signature: z.string() }),
      // A redacted one arrives whole, and gets no deltas.
      z.strictObject({ type: z.literal('redacted_thinking'), data: z.string().min(1) }),
      z.strictObject({
        type: z.literal('tool_use'),
        id: z.string(),
        name: z.string(),
        input: z.record(z.string(), json),
      }),
    ]),
  }),
  z.strictObject({ type: z.literal('content_block_delta'), index, delta: deltaSchema }),
  z.strictObject({ type: z.literal('content_block_stop'), index }),
  z.strictObject({
    type: z.literal('message_delta'),
    delta: z.strictObject({
      stop_reason: stopReasonSchema,
      stop_sequence: z.string().nullable(),
      stop_details: stopDetailsSchema.nullable().optional(),
    }),
    usage: z.strictObject({
      output_tokens: count,
      input_tokens: count.nullable().optional(),
      cache_creation_input_tokens: count.nullable().optional(),
      cache_read_input_tokens: count.nullable().optional(),
    }),
  }),
  z.strictObject({ type: z.literal('message_stop') }),
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({
    type: z.literal('error'),
    error: z.strictObject({ type: z.string().min(1), message: z.string() }),
  }),
]);

export const timedEventSchema = z.strictObject({
  /** Milliseconds between the previous event (or the request) and this one. */
  ms: z.number().nonnegative().max(60_000),
  event: streamEventSchema,
});

interface StreamedCall {
  request: Record<string, unknown>;
  response: unknown;
  stream?: { ms: number; event: unknown }[] | undefined;
  interrupted?: { ms: number; event: unknown }[][] | undefined;
}

/**
 * Each interrupted attempt is a stream in the API's order, up to an `error` event that ends it
 * (the SDK throws it there, and the code retries). `path` leads to the list of attempts.
 */
function attemptsEndInErrors(
  attempts: readonly { ms: number; event: unknown }[][],
  ctx: z.RefinementCtx,
  path: (string | number)[],
): void {
  for (const [n, attempt] of attempts.entries()) {
    const assembled = assembleStream(attempt.map((timed) => timed.event as StreamEvent));
    const last = attempt.length - 1;
    const problem = assembled.ok
      ? { at: last, message: 'an interrupted stream ends with an error event, not message_stop' }
      : 'error' in assembled
        ? assembled.at === last
          ? undefined
          : { at: assembled.at, message: 'the error event ends the stream: nothing comes after it' }
        : { at: assembled.at, message: assembled.problem };
    if (problem)
      ctx.addIssue({ code: 'custom', path: [...path, n, problem.at], message: problem.message });
  }
}

/**
 * The request a conversation ends on, never finished: it asked for a stream, and each of its
 * attempts is cut off by an error event.
 */
export function failedAttemptsEndInErrors(
  failed: { request: Record<string, unknown>; interrupted: { ms: number; event: unknown }[][] },
  ctx: z.RefinementCtx,
): void {
  if (failed.request.stream !== true) {
    ctx.addIssue({
      code: 'custom',
      path: ['request', 'stream'],
      message: 'a failed request is a streamed one, with `stream: true`: its attempts are streams',
    });
  }
  attemptsEndInErrors(failed.interrupted, ctx, ['interrupted']);
}

/**
 * A streamed call holds together: the request asked for a stream, and the events assemble, in
 * the API's order, to exactly the call's `response`. Each problem names the event it is at.
 */
export function streamMatchesResponse(call: StreamedCall, ctx: z.RefinementCtx): void {
  const asked = call.request.stream === true;
  if (call.interrupted && !call.stream) {
    ctx.addIssue({
      code: 'custom',
      path: ['interrupted'],
      message: 'only a streamed call (with `stream`) has interrupted attempts',
    });
  }
  attemptsEndInErrors(call.interrupted ?? [], ctx, ['interrupted']);
  if (!call.stream) {
    if (asked)
      ctx.addIssue({
        code: 'custom',
        path: ['stream'],
        message: 'the request has `stream: true`, so the call records its events as `stream`',
      });
    return;
  }
  if (!asked) {
    ctx.addIssue({
      code: 'custom',
      path: ['request', 'stream'],
      message: 'a call with a `stream` records a request with `stream: true`',
    });
    return;
  }
  const assembled = assembleStream(call.stream.map((timed) => timed.event as StreamEvent));
  if (!assembled.ok) {
    const message =
      'error' in assembled
        ? `an error event (${assembled.error.type}) cuts the stream off: a call's stream ends with message_stop (an attempt cut off goes under \`interrupted\`)`
        : assembled.problem;
    ctx.addIssue({ code: 'custom', path: ['stream', assembled.at], message });
    return;
  }
  const [first] = diffJson(call.response, assembled.message, 1);
  if (first) {
    ctx.addIssue({
      code: 'custom',
      path: ['stream'],
      message: `the events assemble to a message that differs from \`response\` at ${displayPath(first.path)}: ${JSON.stringify(first.expected) ?? 'nothing'} in response, ${JSON.stringify(first.actual) ?? 'nothing'} from the events`,
    });
  }
}
