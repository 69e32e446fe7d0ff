import type Anthropic from '@anthropic-ai/sdk';
import type { Middleware } from '@anthropic-ai/sdk';
import {
  apiErrorFailure,
  errorBody,
  failedAttempt,
  type ApiErrorBody,
  type ApiRequest,
  type ApiResponse,
  type SendResult,
} from '../../core/index.ts';
import { loadAnthropicSdk } from '../package-root.ts';

/**
 * The CLI's one way to the Messages API: the real `@anthropic-ai/sdk`, in the CLI's own
 * process. The key is read here and goes nowhere else: the sandbox that runs learner code is
 * started with an empty environment and only ever receives the API's answers.
 */

/** The SDK's retries, as the learner's own client would make them. */
export const MAX_RETRIES = 2;

/** A failed attempt the SDK is about to retry. */
export interface RetryNotice {
  /** 1-based: which retry is starting. */
  retry: number;
  of: number;
  /** The failed attempt's status (0: no response) and error type. */
  status: number;
  type: string;
  /** What `retry-after` asked for, in seconds, when the response carried one. */
  retryAfter?: number;
}

export interface ApiClientOptions {
  apiKey: string;
  /** `ANTHROPIC_BASE_URL`, or undefined for the API's own. */
  baseURL: string | undefined;
  /** Aborts every request in flight, and any retry waiting, when the run ends. */
  signal: AbortSignal;
  onRetry(notice: RetryNotice): void;
}

/** The SDK client and the `send` a live session calls. */
export function createApiClient(options: ApiClientOptions): {
  send(request: ApiRequest): Promise<SendResult>;
  baseURL: string;
} {
  const sdk = loadAnthropicSdk();
  const client = new sdk.Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? null,
    maxRetries: MAX_RETRIES,
    middleware: [watchRetries(options.onRetry)],
  });
  return {
    baseURL: client.baseURL,
    async send(request) {
      try {
        const params = request as unknown as Anthropic.MessageCreateParamsNonStreaming;
        const response = await client.messages.create(params, { signal: options.signal });
        return { ok: true, response: response as unknown as ApiResponse };
      } catch (error) {
        return { ok: false, ...asFailure(error, sdk.APIError) };
      }
    },
  };
}

/**
 * Notes each attempt's failure, and reports it when the SDK starts a retry (it numbers its
 * attempts in `x-stainless-retry-count`): the SDK alone decides whether, and when, to retry.
 */
function watchRetries(onRetry: (notice: RetryNotice) => void): Middleware {
  let failed: Omit<RetryNotice, 'retry' | 'of'> | undefined;
  return async (request, next) => {
    const retry = Number(request.headers.get('x-stainless-retry-count') ?? 0);
    if (retry > 0 && failed) onRetry({ retry, of: MAX_RETRIES, ...failed });
    failed = undefined;
    let response: Response;
    try {
      response = await next(request);
    } catch (error) {
      failed = { status: 0, type: 'connection_error' };
      throw error;
    }
    failed = await failedAttempt(response);
    return response;
  };
}

/** An SDK error as the learner's code receives it: the status and the API's body. */
function asFailure(
  error: unknown,
  APIError: typeof Anthropic.APIError,
): { status: number; body: ApiErrorBody } {
  if (error instanceof APIError && typeof error.status === 'number') {
    return apiErrorFailure({ status: error.status, error: error.error, message: error.message });
  }
  const message = error instanceof Error ? error.message : String(error);
  const name = error instanceof Error ? error.name : 'Error';
  const type = name === 'APIUserAbortError' ? 'aborted' : 'connection_error';
  return { status: 0, body: errorBody(type, cause(error) ?? message) };
}

/** The network's own words (ECONNREFUSED...) under the SDK's "Connection error.". */
function cause(error: unknown): string | undefined {
  const inner =
    error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  const deeper = (inner as { cause?: { message?: unknown } } | undefined)?.cause;
  const [first, ...rest] = [
    error instanceof Error ? error.message : '',
    inner?.message,
    deeper?.message,
  ].filter((t): t is string => typeof t === 'string' && t !== '');
  if (first === undefined) return;
  return rest.length > 0 ? `${first} (${rest.join(': ')})` : first;
}
