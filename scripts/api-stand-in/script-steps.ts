import { z } from 'zod';
import { cassetteSchema, type Cassette } from '../../core/lesson/schema.ts';

/**
 * What a test scripts: the answers the stand-in gives, one per request, in order. Every step
 * may wait `delayMs` first (to test Stop: the client aborts while the stand-in waits).
 */
export type ScriptStep = ReplyStep | ErrorStep | CassetteStep | DelayStep;

/** Answer with a Messages API response. */
export interface ReplyStep {
  reply: ScriptedReply;
  delayMs?: number;
}

/**
 * A response as the API sends it. Only `content` is needed: `id` and `usage` are filled in,
 * `model` is the request's, `stop_reason` is `tool_use` when the content has a tool_use
 * block and `end_turn` otherwise. Any field given is sent as given.
 */
export interface ScriptedReply {
  content: ContentBlock[];
  stop_reason?: string;
  [field: string]: unknown;
}

/** A content block of a response: `{ type: 'text', text }`, `{ type: 'tool_use', id, name, input }`. */
export interface ContentBlock {
  type: string;
  [field: string]: unknown;
}

/** Answer with an API error. */
export interface ErrorStep {
  error: ScriptedError;
  delayMs?: number;
}

/**
 * An API error: 400, 401, 403, 404 (the API's answer for an unknown model), 429, 500, 529...
 * `type` and `message` default to the API's for the status.
 */
export interface ScriptedError {
  status: number;
  type?: string;
  message?: string;
  /** Seconds, sent as `retry-after`. A 429 always carries one (default 1), as the API's does. */
  retryAfter?: number;
}

/**
 * Answer with a cassette's recorded responses, one per request, in order; the step is used up
 * after its last call. `strict` also checks each request against the recorded one, with the
 * course's rules, and answers a request that left the recording with the cassette's 400.
 */
export interface CassetteStep {
  cassette: Cassette;
  strict?: boolean;
  delayMs?: number;
}

/** Wait, then answer with the default reply. */
export interface DelayStep {
  delayMs: number;
}

const delayMs = z.number().int().nonnegative().optional();
const block = z.looseObject({ type: z.string() });

const stepSchemas = {
  reply: z.strictObject({
    reply: z.looseObject({ content: z.array(block), stop_reason: z.string().optional() }),
    delayMs,
  }),
  error: z.strictObject({
    error: z.strictObject({
      status: z.number().int().min(400).max(599),
      type: z.string().optional(),
      message: z.string().optional(),
      retryAfter: z.number().nonnegative().optional(),
    }),
    delayMs,
  }),
  cassette: z.strictObject({ cassette: cassetteSchema, strict: z.boolean().optional(), delayMs }),
  delayMs: z.strictObject({ delayMs: z.number().int().nonnegative() }),
};

const kinds = Object.keys(stepSchemas) as (keyof typeof stepSchemas)[];

/** Checks a script that came from a test (over HTTP or in-process) and says what is wrong. */
export function parseSteps(value: unknown): ScriptStep[] {
  if (!Array.isArray(value)) throw new Error('steps: expected an array of steps');
  return value.map((step: unknown, i) => {
    const kind = kinds.find((name) => typeof step === 'object' && step !== null && name in step);
    if (!kind) {
      throw new Error(
        `steps[${i}]: expected one of { reply }, { error }, { cassette }, { delayMs }`,
      );
    }
    const parsed = stepSchemas[kind].safeParse(step);
    if (!parsed.success) throw new Error(`steps[${i}]: ${z.prettifyError(parsed.error)}`);
    return parsed.data as ScriptStep;
  });
}
