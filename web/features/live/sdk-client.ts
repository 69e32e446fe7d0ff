import Anthropic, { type Middleware } from '@anthropic-ai/sdk';
import {
  apiErrorFailure,
  errorBody as body,
  failedAttempt,
  type AbortSignalLike,
  type ApiErrorBody,
  type ApiRequest,
  type ApiResponse,
  type ApiRetry,
  type SendResult,
} from '../../../core/index.ts';
import { isOffline, OFFLINE_TEXT } from './offline.ts';

/**
 * The page's one way to the Messages API: the real `@anthropic-ai/sdk` (its headers, its
 * retries with backoff and `retry-after`, its error classes), loaded only once live mode is on.
 * The key is handed in here and goes nowhere else: the runner frame and learner code only ever
 * receive the API's answers.
 */

/** The SDK's retries, stated: the transcript's "at most 2 retries" is this number. */
export const MAX_RETRIES = 2;

export interface SdkClientOptions {
  apiKey: string;
  /** The API base URL (the SDK's default, a gateway, or the tests' stand-in). */
  baseURL: string;
}

/** Sends one request; `signal` aborts it (and any retry waiting). */
export type Send = (
  request: ApiRequest,
  options?: { signal?: AbortSignalLike },
) => Promise<SendResult>;

export function createSdkSend({ apiKey, baseURL }: SdkClientOptions): Send {
  const client = new Anthropic({
    apiKey,
    baseURL,
    dangerouslyAllowBrowser: true,
    maxRetries: MAX_RETRIES,
    // Nothing about a call (its headers carry the key) goes to the console.
    logLevel: 'off',
    openTelemetry: false,
  });
  return async (request, { signal } = {}) => {
    if (isOffline()) return offline();
    const controller = new AbortController();
    if (signal?.aborted) controller.abort();
    signal?.addEventListener('abort', () => controller.abort());
    const retries: ApiRetry[] = [];
    try {
      const params = request as unknown as Anthropic.MessageCreateParamsNonStreaming;
      const response = await client.messages.create(params, {
        signal: controller.signal,
        middleware: [noteFailures(retries)],
      });
      // A copy: the SDK's non-enumerable `_request_id` and anything not JSON stay behind.
      const copy = JSON.parse(JSON.stringify(response)) as ApiResponse;
      return { ok: true, response: copy, ...retried(retries, false) };
    } catch (error) {
      if (!(error instanceof Anthropic.APIError) || typeof error.status !== 'number') {
        if (isOffline()) return offline();
      }
      return { ok: false, ...asFailure(error), ...retried(retries, true) };
    }
  };
}

/** Notes every failed attempt; the SDK alone decides whether, and when, to retry. */
function noteFailures(attempts: ApiRetry[]): Middleware {
  return async (request, next) => {
    let response: Response;
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

/** Live mode needs the network: said before anything is tried, or when a call found none. */
function offline(): SendResult {
  return {
    ok: false,
    status: 0,
    body: body('connection_error', OFFLINE_TEXT),
  };
}

/** An SDK error as the learner's code receives it: the status and the API's body. */
function asFailure(error: unknown): { status: number; body: ApiErrorBody } {
  if (error instanceof Anthropic.APIError && typeof error.status === 'number') {
    return apiErrorFailure({ status: error.status, error: error.error, message: error.message });
  }
  if (error instanceof Anthropic.APIUserAbortError) {
    return { status: 0, body: body('aborted', 'The request was stopped.') };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: 0,
    body: body(
      'connection_error',
      `${message} No answer came: the network is down, the base URL is wrong, or the server refused this page (CORS).`,
    ),
  };
}
