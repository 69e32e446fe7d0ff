import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import type { CassetteRejection } from '../cassette/session.ts';

/** The slice of `AbortSignal` the core reads (its lib has no DOM or Node types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

/**
 * Answers a run's model calls in place of the case's cassette: live mode. The browser's answerer
 * runs in the page, which makes the HTTPS call with the learner's key; the frame relays each
 * request to it, so neither the frame nor learner code ever sees the key or the network. The
 * signal aborts when the case ends first (a timeout, Stop, a newer Run). It answers as a model
 * source does: the page's live session checks the request first (a local refusal), guards the
 * wallet (a stop) and sends it; the API's error comes back as `{ ok: false, status, body }`.
 */
export type ModelAnswerer = (
  request: ApiRequest,
  options: { signal: AbortSignalLike },
) => Promise<ModelAnswer>;

/**
 * What answers a run's model calls on the host's side of the boundary: a cassette when a case
 * is graded (`createCassetteSession`), the real API in live mode (`createLiveSession`).
 */
export interface ModelSource {
  /** Answers one request, at once (a cassette) or later (the network). */
  answer(request: ApiRequest): ModelAnswer | Promise<ModelAnswer>;
  /** A sentence on recorded calls the loop never made, or undefined (cassettes only). */
  unmadeCalls?(): string | undefined;
  /** The run has ended: answers still pending are not wanted any more (live: abort them). */
  close?(): void;
}

/**
 * A host's `ModelAnswerer` as a run's model source: the browser's live mode, where the runner
 * frame relays each request to the page's answerer (and its live session) and passes its
 * answer on as it is. Calls still waiting when the run ends are aborted through their signal.
 */
export function answererSource(answerer: ModelAnswerer): ModelSource {
  const aborts = new Set<() => void>();
  return {
    answer(request) {
      const listeners: (() => void)[] = [];
      const signal = {
        aborted: false,
        addEventListener: (_type: 'abort', listener: () => void) => void listeners.push(listener),
      };
      const abort = () => {
        signal.aborted = true;
        for (const listener of listeners) listener();
      };
      aborts.add(abort);
      const settled = () => aborts.delete(abort);
      return answerer(request, { signal }).then(
        (result) => {
          settled();
          return result;
        },
        (error: unknown) => {
          settled();
          const message = error instanceof Error ? error.message : String(error);
          return {
            ok: false,
            status: 0,
            body: { type: 'error', error: { type: 'connection_error', message } },
          } as const;
        },
      );
    },
    close() {
      for (const abort of [...aborts]) abort();
      aborts.clear();
    },
  };
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
