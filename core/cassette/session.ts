import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { createAccumulator, type TimedEvent } from '../api/stream-events.ts';
import type { Cassette } from '../lesson/schema.ts';
import { compactionHint } from './compaction-hint.ts';
import { diagnoseRequest } from './diagnose-request.ts';
import { findDivergence } from './divergence.ts';
import {
  diverged,
  exhausted,
  exhaustedHint,
  invalidRequest,
  type CassetteRejection,
  type LoopBounds,
} from './rejections.ts';
import { validateRequest } from './validate-request.ts';
import { createThreadStore } from './message-thread.ts';

export type { CassetteRejection, LoopBounds, RejectionKind } from './rejections.ts';

/**
 * A cassette played back to a learner's loop: it answers each request with the recorded
 * response, as long as the loop sends the request the recording holds at that point.
 */

export type CassetteAnswer =
  /**
   * `stream`: a streamed call's events with their recorded gaps; the code reading it waits
   * each gap times `pace` (the transcript keeps the recorded ones). When they end in an `error`
   * event, the attempt was cut off: the call is made once a retry gets its whole stream, and
   * `response` is that reply.
   */
  | { ok: true; response: ApiResponse; stream?: TimedEvent[]; pace?: number }
  | { ok: false; rejection: CassetteRejection };

export interface CassetteSession {
  /** Answers the next request; a rejection does not use up a call. */
  answer(request: ApiRequest): CassetteAnswer;
  /** Requests answered successfully so far. */
  readonly made: number;
  /** How many calls the cassette recorded. */
  readonly recorded: number;
  /** Answers the recording still holds: calls not made, and attempts of its failed request. */
  readonly left: number;
  /** A sentence on the recorded calls the loop never made, or undefined when it made them all. */
  unmadeCalls(): string | undefined;
}

/**
 * How a streamed reply is replayed: `0` sends its events at once (grading), `1` at the
 * recorded pace (watching it stream); the gaps are multiplied by it.
 */
export interface ReplayOptions {
  pace?: number;
}

export function createCassetteSession(
  cassette: Cassette,
  bounds: LoopBounds = {},
  { pace = 0 }: ReplayOptions = {},
): CassetteSession {
  // A copy, so nothing done to the lesson's cassette later changes what this session replays.
  const recording = copyJson(cassette.calls);
  const recorded = recording.length;
  /** The request the recording ends on, every attempt of it cut off by an error event. */
  const failed = cassette.failed && copyJson(cassette.failed);
  let made = 0;
  /** Interrupted attempts of the next call (or of the failed request) already replayed. */
  let tried = 0;
  /** The conversations threaded requests continue (the tool runner's, by default). */
  const threads = createThreadStore();

  function answer(request: ApiRequest): CassetteAnswer {
    const at = { requestNumber: made + 1, recorded };
    const replies = recording.slice(0, made).map((call) => call.response);
    const threaded = threads.expand(request);
    if (!threaded.ok) return { ok: false, rejection: invalidRequest(threaded.issue, at) };
    const issue = validateRequest(threaded.request, threaded.previous ?? replies.at(-1), replies);
    if (issue) {
      // The API's words stay; what to do about them follows the mistake the request shows,
      // and where the recording has ended, the mistake is calling again at all: advice on how
      // to build the request would send the loop the wrong way.
      const wanted = recording[made]?.request;
      const earlier = recording.slice(0, made).map((c) => c.request);
      const diagnosis =
        (wanted && compactionHint(wanted, request, earlier, replies)) ??
        diagnoseRequest(request, replies, wanted) ??
        (made > 0 && made >= recorded
          ? `The recording ends with request #${made}. ${exhaustedHint(replies, bounds)}`
          : undefined);
      const explained = diagnosis ? { ...issue, explanation: diagnosis } : issue;
      return { ok: false, rejection: invalidRequest(explained, at) };
    }
    const call = recording[made];
    if (!call) return answerFailed(request, replies, at);
    const requests = recording.map((recorded) => recorded.request);
    const divergence = findDivergence(
      call.request,
      request,
      replies,
      requests,
      requests.slice(0, made),
    );
    if (divergence) return { ok: false, rejection: diverged(divergence, at) };
    const response = copyJson(call.response);
    // An attempt the recording has cut off by an error event: the call is not made yet.
    const cut = call.interrupted?.[tried];
    if (cut) {
      tried += 1;
      return { ok: true, response, stream: copyJson(cut), pace };
    }
    made += 1;
    tried = 0;
    threads.record(request, threaded.request, response);
    if (!call.stream) return { ok: true, response };
    return { ok: true, response, stream: copyJson(call.stream), pace };
  }

  /** Past the recorded calls: the failed request's next attempt, or the end of the recording. */
  function answerFailed(
    request: ApiRequest,
    replies: ApiResponse[],
    at: { requestNumber: number; recorded: number },
  ): CassetteAnswer {
    const cut = failed?.interrupted[tried];
    if (!failed || !cut) {
      const ended = failed && { attempts: tried, error: errorTypeOf(failed.interrupted.at(-1)) };
      return { ok: false, rejection: exhausted(replies, bounds, at, ended) };
    }
    const divergence = findDivergence(failed.request, request, replies);
    if (divergence) return { ok: false, rejection: diverged(divergence, at) };
    tried += 1;
    return { ok: true, response: partialMessage(cut, request), stream: copyJson(cut), pace };
  }

  function unmadeCalls(): string | undefined {
    if (made >= recorded) return failed && unmadeAttempts(failed.interrupted, tried, made + 1);
    const next = recording[made];
    if (tried > 0 && next?.interrupted) {
      const all = next.interrupted.length + 1;
      return `The loop gave up on request #${made + 1} after ${tried} of its ${all} recorded attempts: the recording sends it again after ${errorTypeOf(next.interrupted[tried - 1])}, and the last attempt is answered whole.`;
    }
    const last = recording[made - 1];
    if (!last) {
      const none =
        recorded === 1
          ? 'did not make the 1 recorded call'
          : `made none of the ${recorded} recorded calls`;
      return `The loop ${none}: it never called the model.`;
    }
    return `The loop made ${made} of ${recorded} recorded calls: it stopped after request #${made}, whose reply had stop_reason "${last.response.stop_reason}".`;
  }

  return {
    answer,
    get made() {
      return made;
    },
    recorded,
    get left() {
      const attempts = failed ? failed.interrupted.length - (made === recorded ? tried : 0) : 0;
      return recorded - made + attempts;
    },
    unmadeCalls,
  };
}

/** The error type an interrupted attempt ends with. */
function errorTypeOf(attempt: readonly TimedEvent[] | undefined): string {
  const last = attempt?.at(-1)?.event;
  return last?.type === 'error' ? last.error.type : 'an error';
}

/** A sentence on the attempts at the failed request the code never made, or undefined. */
function unmadeAttempts(
  attempts: readonly TimedEvent[][],
  tried: number,
  requestNumber: number,
): string | undefined {
  if (tried >= attempts.length) return;
  const all =
    attempts.length === 1 ? 'its 1 recorded attempt' : `its ${attempts.length} recorded attempts`;
  if (tried === 0) {
    const each = attempts.length === 1 ? all : `each of ${all}`;
    return `The loop never sent request #${requestNumber}, which the recording ends on: the API cut off ${each} with an error event (${errorTypeOf(attempts[0])}).`;
  }
  return `The loop gave up on request #${requestNumber} after ${tried} of ${all}: the recording sends it again after ${errorTypeOf(attempts[tried - 1])}.`;
}

/**
 * What an attempt cut off by its error event carried so far, standing in for the reply it
 * never finished (the code reads the events, and the run records the error, not this).
 */
function partialMessage(attempt: readonly TimedEvent[], request: ApiRequest): ApiResponse {
  const accumulator = createAccumulator();
  for (const { event } of attempt) {
    if (event.type === 'ping' || event.type === 'error') continue;
    if (accumulator.add(event)) break;
  }
  return (
    accumulator.snapshot ?? {
      id: 'msg_unfinished',
      type: 'message',
      role: 'assistant',
      model: String(request.model),
      content: [],
      stop_reason: 'end_turn',
      usage: { input_tokens: 0, output_tokens: 0 },
    }
  );
}

function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
