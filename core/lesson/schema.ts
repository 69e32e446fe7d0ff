import { z } from 'zod';
import {
  failedAttemptsEndInErrors,
  stopDetailsSchema,
  stopReasonSchema,
  streamMatchesResponse,
  timedEventSchema,
  usageSchema,
} from './stream-schema.ts';

/**
 * Schemas for lesson data in `fixtures/`. Every file a lesson is made of is parsed
 * through one of these, so an author's mistake names the file and the field.
 */

const json: z.ZodType<unknown> = z.unknown();

/** Lesson ids in course order; each names a folder beside course.json. */
const lessonIds = z.array(z.string().regex(/^[a-z0-9-]+$/)).min(1);

export const courseSchema = z
  .strictObject({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(1),
    /** A course of one part: its lessons. */
    lessons: lessonIds.optional(),
    /** A course in parts, each a title and its lessons, in course order. */
    parts: z
      .array(z.strictObject({ title: z.string().min(1), lessons: lessonIds }))
      .min(1)
      .optional(),
  })
  .refine((course) => (course.lessons === undefined) !== (course.parts === undefined), {
    message: 'give either `lessons` (a course of one part) or `parts`, not both',
    path: ['parts'],
  });

export const lessonMetaSchema = z.strictObject({
  title: z.string().min(1),
  minutes: z.number().int().positive(),
  summary: z.string().min(1),
  /** The file the editor opens first, e.g. `src/loop.ts`. */
  entry: z.string().min(1),
  /** Files the learner sees but cannot edit; graders always use the lesson's copy. */
  readOnly: z.array(z.string()).default([]),
  /** Per-case time limit in milliseconds. */
  timeoutMs: z.number().int().positive().max(60_000).default(5_000),
  /**
   * Fields of the printed output that the grader checks against the run itself, each with
   * what it must equal: `calls` (the model calls answered), `history` (the conversation's
   * length once the last reply is appended). They are left out of `expected.json`.
   */
  runChecked: z.record(z.string(), z.enum(['calls', 'history'])).optional(),
  /**
   * Starter files that are an earlier lesson's reference file, named instead of copied:
   * `{ "src/loop.ts": "budgets-and-refusal" }` (see starter-from.ts).
   */
  starterFrom: z.record(z.string().min(1), z.string().regex(/^[a-z0-9-]+$/)).optional(),
});

export const caseMetaSchema = z.strictObject({
  /** Visible cases show their expected output; hidden ones only their name and diagnostic. */
  visible: z.boolean(),
  description: z.string().min(1),
  /** Handed to the harness as `h.input`. */
  input: json,
});

const textBlockSchema = z.strictObject({ type: z.literal('text'), text: z.string() });
const toolUseBlockSchema = z.strictObject({
  type: z.literal('tool_use'),
  id: z.string().regex(/^toolu_[A-Za-z0-9_]+$/, 'tool_use ids look like toolu_...'),
  name: z.string().min(1),
  input: z.record(z.string(), json),
});

/** A thinking block: its text and the signature the API checks when the block comes back. */
const thinkingBlockSchema = z.strictObject({
  type: z.literal('thinking'),
  thinking: z.string(),
  signature: z.string().min(1, 'a thinking block carries its signature'),
});
/** Thinking the safety systems redacted: opaque, encrypted `data`. */
const redactedThinkingBlockSchema = z.strictObject({
  type: z.literal('redacted_thinking'),
  data: z.string().min(1),
});

export const apiResponseSchema = z.strictObject({
  id: z.string().regex(/^msg_[A-Za-z0-9_]+$/, 'message ids look like msg_...'),
  type: z.literal('message'),
  role: z.literal('assistant'),
  model: z.string().min(1),
  content: z.array(
    z.discriminatedUnion('type', [
      textBlockSchema,
      thinkingBlockSchema,
      redactedThinkingBlockSchema,
      toolUseBlockSchema,
    ]),
  ),
  stop_reason: stopReasonSchema,
  stop_sequence: z.string().nullable().optional(),
  /** Why the model refused (`refusal`), or null; recordings of current models carry it. */
  stop_details: stopDetailsSchema.nullable().optional(),
  usage: usageSchema,
});

export const cassetteSchema = z
  .strictObject({
    calls: z.array(
      z
        .strictObject({
          /** The request as recorded: the learner's request must match it canonically. */
          request: z.record(z.string(), json),
          /** The reply; for a streamed call, the message its `stream` assembles to. */
          response: apiResponseSchema,
          /** A streamed reply (`stream: true`) as the API sent it: each event, after its gap. */
          stream: z.array(timedEventSchema).min(1).optional(),
          /**
           * Streams the same request got before this call's, each cut off by an `error` event
           * (`overloaded_error`): the code retries the request, and the next attempt is answered.
           */
          interrupted: z.array(z.array(timedEventSchema).min(1)).min(1).optional(),
        })
        .superRefine(streamMatchesResponse),
    ),
    /**
     * The request the conversation ends on, when the API never finished it: each attempt cut off
     * by an `error` event (a type the code must not retry, or its retry cut off again). The code
     * gives up after the last one: it throws, and asking again is past the recording.
     */
    failed: z
      .strictObject({
        /** The request, as recorded: every attempt sends it again, unchanged. */
        request: z.record(z.string(), json),
        interrupted: z.array(z.array(timedEventSchema).min(1)).min(1),
      })
      .superRefine(failedAttemptsEndInErrors)
      .optional(),
  })
  .refine((cassette) => cassette.calls.length > 0 || cassette.failed !== undefined, {
    path: ['calls'],
    message: 'a cassette records at least one call, or the request it fails on (`failed`)',
  });

export type CaseMeta = z.infer<typeof caseMetaSchema>;
export type Cassette = z.infer<typeof cassetteSchema>;
