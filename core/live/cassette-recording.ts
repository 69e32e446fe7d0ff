import type { ApiRequest } from '../api/messages.ts';
import { assembleStream, type StreamEvent, type TimedEvent } from '../api/stream-events.ts';
import { isJsonObject } from '../json/json-diff.ts';
import { cassetteSchema, type Cassette } from '../lesson/schema.ts';
import type { FileMap } from '../lesson/types.ts';
import type { LiveCall } from './live-session.ts';

/**
 * A live session written as the course's own files: `cassette.json` (each call's request and
 * response), and beside it `case.json` and `expected.json`, so that a real session becomes a
 * lesson case the loader accepts unchanged. Both hosts record with this.
 *
 * A response keeps only what the cassette schema allows (`core/lesson/schema.ts`): the API
 * also sends fields a recording does not replay (`container`, `service_tier` in `usage`, a
 * text block's `citations`...), and no request id. The cache's counts stay when the call used
 * the cache (left out as zeros otherwise, as the course's recordings without caching do). The key never was in a body. Assistant turns the code
 * sent back are trimmed the same way, so the code's requests, replayed, match the recording.
 */

type Json = Record<string, unknown>;

export type Recorded<T> = { ok: true; value: T } | { ok: false; problem: string };

/** The fields a cassette keeps of each content block the model sends. */
const BLOCK_FIELDS: Record<string, readonly string[]> = {
  text: ['type', 'text'],
  tool_use: ['type', 'id', 'name', 'input'],
  // A thinking block goes back to the API unchanged, so its signature is kept whole.
  thinking: ['type', 'thinking', 'signature'],
  redacted_thinking: ['type', 'data'],
};

const RESPONSE_FIELDS = ['id', 'type', 'role', 'model', 'content', 'stop_reason', 'stop_sequence'];

function pick(value: Json, fields: readonly string[]): Json {
  const out: Json = {};
  for (const field of fields) if (field in value) out[field] = value[field];
  return out;
}

function trimBlock(block: unknown): unknown {
  if (!isJsonObject(block)) return block;
  const fields = typeof block.type === 'string' ? BLOCK_FIELDS[block.type] : undefined;
  return fields ? pick(block, fields) : block;
}

/** The response as a cassette holds it. */
function trimResponse(response: Json): Json {
  const out = pick(response, RESPONSE_FIELDS);
  if (Array.isArray(response.content)) out.content = response.content.map(trimBlock);
  if ('stop_details' in response) out.stop_details = response.stop_details;
  out.usage = trimUsage(response.usage, ['input_tokens', 'output_tokens']);
  return out;
}

const CACHE_COUNTS = ['cache_creation_input_tokens', 'cache_read_input_tokens'];

/** `fields` of a usage, and the cache's counts (and their split by lifetime) when any is not 0. */
function trimUsage(raw: unknown, fields: readonly string[]): Json {
  const usage = isJsonObject(raw) ? raw : {};
  const cached = CACHE_COUNTS.some((field) => typeof usage[field] === 'number' && usage[field] > 0);
  if (!cached) return pick(usage, fields);
  const kept = pick(usage, [...fields, ...CACHE_COUNTS]);
  if (isJsonObject(usage.cache_creation)) {
    kept.cache_creation = pick(usage.cache_creation, [
      'ephemeral_5m_input_tokens',
      'ephemeral_1h_input_tokens',
    ]);
  }
  return kept;
}

/** The request with its assistant turns' blocks trimmed as their responses were. */
function trimRequest(request: ApiRequest): ApiRequest {
  const { messages } = request;
  if (!Array.isArray(messages)) return request;
  const trimmed = messages.map((message: unknown) =>
    isJsonObject(message) && message.role === 'assistant' && Array.isArray(message.content)
      ? { ...message, content: message.content.map(trimBlock) }
      : message,
  );
  return { ...request, messages: trimmed };
}

/** The most a cassette lets one event wait (`timedEventSchema`). */
const MAX_GAP_MS = 60_000;

/** One streamed event as a cassette holds it: the fields the stream schema allows. */
function trimTimed({ ms, event }: TimedEvent): TimedEvent {
  return { ms: Math.min(MAX_GAP_MS, Math.max(0, Math.round(ms))), event: trimEvent(event) };
}

function trimEvent(event: StreamEvent): StreamEvent {
  const raw = event as unknown as Json;
  switch (event.type) {
    case 'message_start': {
      const message = isJsonObject(raw.message) ? raw.message : {};
      const kept = pick(message, [...RESPONSE_FIELDS, 'stop_details']);
      kept.usage = trimUsage(message.usage, ['input_tokens', 'output_tokens']);
      return { type: 'message_start', message: kept } as unknown as StreamEvent;
    }
    case 'content_block_start':
      return { ...event, content_block: trimBlock(event.content_block) } as StreamEvent;
    case 'message_delta': {
      const delta = pick(raw.delta as Json, ['stop_reason', 'stop_sequence', 'stop_details']);
      const usage = trimUsage(raw.usage, ['output_tokens', 'input_tokens']);
      delete usage.cache_creation;
      return { type: 'message_delta', delta, usage } as unknown as StreamEvent;
    }
    case 'error':
      return { type: 'error', error: pick(raw.error as Json, ['type', 'message']) } as StreamEvent;
    default:
      return copyJson(event);
  }
}

/**
 * The session's calls as a cassette, or why they cannot be one: no call was answered, or a
 * response holds what a cassette cannot (a block of another type, say).
 */
export function recordCassette(calls: readonly LiveCall[]): Recorded<Cassette> {
  if (calls.length === 0) return { ok: false, problem: 'the run made no model call to record' };
  const cassette = {
    calls: calls.map(({ request, response, stream, interrupted }) => {
      const call: Json = { request: copyJson(trimRequest(request)) };
      if (!stream) {
        call.response = copyJson(trimResponse(response as unknown as Json));
        return call;
      }
      // A streamed call: its events trimmed as responses are, and the response they assemble to.
      const events = stream.map(trimTimed);
      const assembled = assembleStream(events.map((timed) => timed.event));
      call.response = assembled.ok ? assembled.message : trimResponse(response as unknown as Json);
      call.stream = events;
      if (interrupted?.length) call.interrupted = interrupted.map((cut) => cut.map(trimTimed));
      return call;
    }),
  };
  const checked = cassetteSchema.safeParse(cassette);
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0];
  const where = issue?.path.join('.') ?? '';
  const call = typeof issue?.path[1] === 'number' ? ` (response #${issue.path[1] + 1})` : '';
  return {
    ok: false,
    problem: `a cassette cannot hold ${where}${call}: ${issue?.message ?? 'not in the format'}`,
  };
}

/** What a recorded case says about itself. */
export interface RecordedCaseMeta {
  /** The harness's input: the stage's, with the learner's question as its prompt. */
  input: unknown;
  description: string;
  /** New cases start visible; an author hides some (every lesson needs a hidden case). */
  visible?: boolean;
}

/**
 * A whole case folder: `case.json`, `cassette.json` and `expected.json` (`printed`: what the
 * harness printed, as JSON text), each as an author would commit it.
 */
export function recordCase(
  cassette: Cassette,
  printed: string,
  meta: RecordedCaseMeta,
): Recorded<FileMap> {
  let expected: unknown;
  try {
    expected = JSON.parse(printed) as unknown;
  } catch {
    return { ok: false, problem: 'what the harness printed is not JSON' };
  }
  const { input, description, visible = true } = meta;
  return {
    ok: true,
    value: {
      'case.json': jsonFile({ visible, description, input }),
      'cassette.json': jsonFile(cassette),
      'expected.json': jsonFile(expected),
    },
  };
}

/** JSON as the course's files are written: two spaces, a final newline. */
export function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A `cassette.json`'s text, checked as the lesson loader checks it. */
export function readCassette(text: string): Recorded<Cassette> {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    return { ok: false, problem: `not JSON: ${(error as Error).message}` };
  }
  const checked = cassetteSchema.safeParse(value);
  if (checked.success) return { ok: true, value: checked.data };
  const issue = checked.error.issues[0];
  return {
    ok: false,
    problem: `${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'not a cassette'}`,
  };
}
