import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import type { Cassette } from '../lesson/schema.ts';
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
  let made = 0;
  /** Interrupted attempts of the next call already replayed. */
  let tried = 0;
  /** The conversations threaded requests continue (the tool runner's, by default). */
  const threads = createThreadStore();

  function answer(request: ApiRequest): CassetteAnswer {
    const at = { requestNumber: made + 1, recorded };
    const replies = recording.slice(0, made).map((call) => call.response);
    const threaded = threads.expand(request);
    if (!threaded.ok) return { ok: false, rejection: invalidRequest(threaded.issue, at) };
    const issue = validateRequest(threaded.request, threaded.previous ?? replies.at(-1));
    if (issue) {
      // The API's words stay; what to do about them follows the mistake the request shows,
      // and where the recording has ended, the mistake is calling again at all: advice on how
      // to build the request would send the loop the wrong way.
      const diagnosis =
        diagnoseRequest(request, replies, recording[made]?.request) ??
        (made > 0 && made >= recorded
          ? `The recording ends with request #${made}. ${exhaustedHint(replies, bounds)}`
          : undefined);
      const explained = diagnosis ? { ...issue, explanation: diagnosis } : issue;
      return { ok: false, rejection: invalidRequest(explained, at) };
    }
    const call = recording[made];
    if (!call) return { ok: false, rejection: exhausted(replies, bounds, at) };
    const divergence = findDivergence(
      call.request,
      request,
      replies,
      recording.map((recorded) => recorded.request),
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

  function unmadeCalls(): string | undefined {
    if (made >= recorded) return;
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
    unmadeCalls,
  };
}

function copyJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
