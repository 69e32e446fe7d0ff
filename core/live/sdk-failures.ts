import type { ApiErrorBody } from '../api/messages.ts';
import type { ApiRetry } from '../run/model-source.ts';

/**
 * What both hosts' SDK clients (the page's web/features/live/sdk-client.ts, the CLI's
 * cli/live/api-client.ts) make of a failure, written once: a failed attempt as a retry note,
 * and an API error as the status and body the learner's code receives. Typed structurally, so
 * core needs neither the DOM's `Response` nor the SDK.
 */

/** The part of a fetch `Response` read here. */
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  clone(): { json(): Promise<unknown> };
}

export const errorBody = (type: string, message: string): ApiErrorBody => ({
  type: 'error',
  error: { type, message },
});

/** A response that failed (status 400 or more) as a retry note; undefined when it did not. */
export async function failedAttempt(response: ResponseLike): Promise<ApiRetry | undefined> {
  if (response.status < 400) return undefined;
  const attempt: ApiRetry = { status: response.status, type: await errorType(response) };
  const retryAfter = Number.parseFloat(response.headers.get('retry-after') ?? '');
  if (retryAfter >= 0) attempt.retryAfter = retryAfter;
  return attempt;
}

async function errorType(response: ResponseLike): Promise<string> {
  try {
    const body = (await response.clone().json()) as { error?: { type?: unknown } } | null;
    return typeof body?.error?.type === 'string' ? body.error.type : `http_${response.status}`;
  } catch {
    return `http_${response.status}`;
  }
}

/** The SDK's `APIError` (its status, the body it parsed, its message) as the API said it. */
export function apiErrorFailure(error: { status: number; error: unknown; message: string }): {
  status: number;
  body: ApiErrorBody;
} {
  const sent = error.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const type = typeof sent?.error?.type === 'string' ? sent.error.type : `http_${error.status}`;
  const message = typeof sent?.error?.message === 'string' ? sent.error.message : error.message;
  return { status: error.status, body: errorBody(type, message) };
}
