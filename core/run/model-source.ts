import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { StreamEvent, TimedEvent } from '../api/stream-events.ts';
import type { CassetteRejection } from '../cassette/session.ts';

import type { AbortSignalLike } from '../wire/abort.ts';

export type { AbortSignalLike } from '../wire/abort.ts';

/**
 * How a model call is answered, by whatever answers it: a cassette when a case is graded
 * (`createCassetteSession`), the real API in live mode (`createSdkSend`, the hosts' SDK
 * clients), a live session in front of it (`createLiveSession`: the request checked first, the
 * wallet guarded), the runner frame's relay to the page, and the live tutor's connection. Each
 * wraps the next in the same shape, so a run, a live session and the tutor's loop take any.
 */
export interface ModelSource {
  /**
   * Answers one request, at once (a cassette) or later (the network). A rejection, the API's
   * error, a stop: all are answers, so it resolves, never rejects.
   */
  answer(request: ApiRequest, options?: AnswerOptions): ModelAnswer | Promise<ModelAnswer>;
  /** A sentence on recorded calls the loop never made, or undefined (cassettes only). */
  unmadeCalls?(): string | undefined;
}

export interface AnswerOptions {
  /**
   * Aborts when the answer is not wanted any more (the run ended first: a timeout, Stop, a
   * newer Run); the network's answer then comes back as status 0.
   */
  signal?: AbortSignalLike;
  /** Told a streamed reply's events as they arrive, where the source hears them (the API). */
  onStreamEvent?: (event: StreamEvent) => void;
}

/** One attempt the API client retried before its answer (a 429, a 529, no response). */
export interface ApiRetry {
  /** The failed attempt's HTTP status; 0 when no response came. */
  status: number;
  /** The API's error type (`rate_limit_error`, `overloaded_error`), or `connection_error`. */
  type: string;
  /** What `retry-after` asked for, in seconds, when the response carried one. */
  retryAfter?: number;
}

export type ModelAnswer =
  /**
   * The model's response; `retries`: attempts the client retried before it; `stream`: a
   * streamed reply's events (the request had `stream: true`), which assemble to `response`,
   * with the gaps they came after; `pace` scales the gaps the code waits (1 when absent).
   */
  | {
      ok: true;
      response: ApiResponse;
      retries?: ApiRetry[];
      stream?: TimedEvent[];
      pace?: number;
    }
  /** Refused on this side, with the 400 the API would give (nothing was sent). */
  | { ok: false; rejection: CassetteRejection }
  /** The API's own error: status 0 when no response came at all (a network failure). */
  | { ok: false; status: number; body: ApiErrorBody; retries?: ApiRetry[] }
  /** Not sent: the run ends here, cancelled (a wallet limit), and `stop` says why. */
  | { ok: false; stop: string };
