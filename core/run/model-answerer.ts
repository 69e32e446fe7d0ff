import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { CassetteRejection } from '../cassette/session.ts';

/**
 * Who answers a run's model calls when it is not a cassette: in live mode, the host's own
 * call to the real API (the page's SDK client, the CLI's). The learner's code never sees the
 * answerer, only the reply it sends back, exactly as it sees a cassette's.
 */

/** The slice of `AbortSignal` the core relies on (core has no DOM or Node types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

/** One HTTP attempt of a call that was retried: its status (0: no response) and the wait after. */
export interface ApiAttempt {
  status: number;
  /** The error type the API gave (`rate_limit_error`, `overloaded_error`), when it gave one. */
  type?: string;
  /** The `retry-after` the API asked for, in milliseconds, when it sent one. */
  retryAfterMs?: number;
}

/** An API error as the learner reads it in the transcript. */
export interface LiveApiError {
  /** HTTP status; 0 when no response came (network, CORS, a policy). */
  status: number;
  /** The API's error type (`authentication_error`), or `connection_error`. */
  type: string;
  /** The API's own message. */
  message: string;
  /** What it means and what to do, in a sentence or two. */
  explanation: string;
}

export type ModelAnswer =
  /** The model replied. */
  | { ok: true; response: ApiResponse; attempts?: ApiAttempt[] }
  /**
   * The call failed: the learner's code receives `status` and `body` as the SDK's APIError.
   * `rejection` when the request was refused locally (it never left the page); `apiError`
   * when the API (or the network) refused it.
   */
  | {
      ok: false;
      status: number;
      body: ApiErrorBody;
      rejection?: CassetteRejection;
      apiError?: LiveApiError;
      attempts?: ApiAttempt[];
    }
  /** The host ends the run before making the call (a wallet limit), saying why. */
  | { ok: false; stop: string };

/**
 * Answers one model call. `signal` aborts when the run ends (Stop, timeout, the code finished
 * or threw): the host must then cancel the HTTP request in flight.
 */
export type ModelAnswerer = (
  request: ApiRequest,
  options: { signal: AbortSignalLike },
) => Promise<ModelAnswer>;
