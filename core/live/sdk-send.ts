import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { AbortSignalLike } from '../run/model-source.ts';
import type { AnswerOptions, ApiRetry, ModelAnswer, ModelSource } from '../run/model-source.ts';
import type { StreamEvent } from '../api/stream-events.ts';
import { readLiveStream } from './read-live-stream.ts';
import { apiErrorFailure, failedAttempt, type ResponseLike } from './sdk-failures.ts';

/**
 * Both hosts' one way to the Messages API: the real `@anthropic-ai/sdk` (its headers, its
 * retries with backoff and `retry-after`, its error classes), in the host's own process or
 * page. The host makes the client with the learner's key and hands in how to call it; the
 * sandbox and learner code only ever receive what its `answer` resolves to. Typed
 * structurally, so core needs neither the SDK nor the DOM's `Request` and `Response`.
 */

/** The SDK's retries, stated: the transcript's "at most 2 retries" is this number. */
export const MAX_RETRIES = 2;

/** A failed attempt the SDK is about to retry. */
export interface RetryNotice extends ApiRetry {
  /** 1-based: which retry is starting. */
  retry: number;
  of: number;
}

/** The part of a fetch `Request` read here. */
export interface RequestLike {
  headers: { get(name: string): string | null };
}

/** An SDK middleware, over the host's own `Request` and `Response`. */
export type Middleware<Req extends RequestLike, Res extends ResponseLike> = (
  request: Req,
  next: (request: Req) => Promise<Res>,
) => Promise<Res>;

export interface SdkSendOptions<Req extends RequestLike, Res extends ResponseLike> {
  /** `client.messages.create(request, { signal, middleware: [watch] })` on the host's client. */
  create(
    request: ApiRequest,
    watch: Middleware<Req, Res>,
    signal: AbortSignalLike | undefined,
  ): Promise<unknown>;
  /** The SDK's `APIError` that carries a status, as it is; undefined for any other error. */
  apiError(error: unknown): { status: number; error: unknown; message: string } | undefined;
  /** The host's words for a call that got no answer (stopped, no network, refused). */
  noAnswer(error: unknown): ApiErrorBody;
  /** Told as the SDK starts each retry, while the call is still going. */
  onRetry?(notice: RetryNotice): void;
  /** Told each event of a streamed reply as it arrives (the host prints its text). */
  onStreamEvent?(event: StreamEvent): void;
}

/**
 * The Messages API as a model source, for the live session (`createLiveSession`): answers with
 * the response or the API's error as it gave it (status 0: no response at all, the request
 * aborted); resolves, never rejects.
 */
export function createSdkSend<Req extends RequestLike, Res extends ResponseLike>(
  options: SdkSendOptions<Req, Res>,
): ModelSource {
  const answer = async (
    request: ApiRequest,
    { signal, onStreamEvent = options.onStreamEvent }: AnswerOptions = {},
  ): Promise<ModelAnswer> => {
    const attempts: ApiRetry[] = [];
    try {
      const response = await options.create(request, watchAttempts(attempts, options), signal);
      if (request.stream === true) {
        // `create` with `stream: true` resolves to the SDK's `Stream` of events.
        const read = await readLiveStream(response as AsyncIterable<unknown>, {
          now: () => Date.now(),
          onEvent: onStreamEvent,
          midStreamError,
        });
        return { ok: true, ...read, stream: read.events, ...retried(attempts, false) };
      }
      // A copy: the SDK's non-enumerable `_request_id` and anything not JSON stay behind.
      const copy = JSON.parse(JSON.stringify(response)) as ApiResponse;
      return { ok: true, response: copy, ...retried(attempts, false) };
    } catch (error) {
      const api = options.apiError(error);
      const failure = api ? apiErrorFailure(api) : { status: 0, body: options.noAnswer(error) };
      return { ok: false, ...failure, ...retried(attempts, true) };
    }
  };
  return { answer };
}

/**
 * An `error` event mid-stream, as the SDK's `Stream` throws it: an `APIError` with no status
 * whose `error` is the event's body.
 */
function midStreamError(error: unknown): ApiErrorBody | undefined {
  const { status, error: body } = (error ?? {}) as { status?: unknown; error?: unknown };
  if (status !== undefined || typeof body !== 'object' || body === null) return;
  const inner = (body as { error?: { type?: unknown; message?: unknown } }).error;
  if (typeof inner?.type !== 'string' || typeof inner.message !== 'string') return;
  return { type: 'error', error: { type: inner.type, message: inner.message } } as ApiErrorBody;
}

/**
 * Notes each failed attempt, and tells `onRetry` when the SDK starts the next one (it numbers
 * its attempts in `x-stainless-retry-count`): the SDK alone decides whether, and when, to retry.
 */
function watchAttempts<Req extends RequestLike, Res extends ResponseLike>(
  attempts: ApiRetry[],
  { onRetry }: { onRetry?: (notice: RetryNotice) => void },
): Middleware<Req, Res> {
  return async (request, next) => {
    const retry = Number(request.headers.get('x-stainless-retry-count') ?? 0);
    const failed = attempts.at(-1);
    if (retry > 0 && failed) onRetry?.({ ...failed, retry, of: MAX_RETRIES });
    let response: Res;
    try {
      response = await next(request);
    } catch (error) {
      attempts.push({ status: 0, type: 'connection_error' });
      throw error;
    }
    const attempt = await failedAttempt(response);
    if (attempt) attempts.push(attempt);
    return response;
  };
}

/** The attempts that were retried: every failed one, but the last when the call failed. */
function retried(attempts: ApiRetry[], failed: boolean): { retries?: ApiRetry[] } {
  const shown = failed ? attempts.slice(0, -1) : attempts;
  return shown.length > 0 ? { retries: shown } : {};
}
