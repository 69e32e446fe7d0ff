import { randomBytes } from 'node:crypto';

/**
 * Errors as the Messages API sends them: the status, the error type that goes with it, and
 * the JSON body `{ type: "error", error: { type, message }, request_id }`.
 */

/** An error the stand-in answers with. */
export interface ApiFailure {
  status: number;
  /** The API's error type, e.g. `rate_limit_error`. */
  type: string;
  message: string;
  /** Seconds, sent as the `retry-after` header (fractions allowed, so tests need not wait). */
  retryAfter?: number;
}

/** The JSON body of an API error response. */
export interface ApiErrorResponse {
  type: 'error';
  error: { type: string; message: string };
  request_id: string;
}

/** The error type the API uses for each status (docs: "HTTP errors"). */
const TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

export function errorTypeFor(status: number): string {
  return TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** What the API says for each status when a script gives no message. */
export function defaultMessageFor(status: number, model: string): string {
  switch (status) {
    case 401:
      return 'invalid x-api-key';
    case 403:
      return 'Your API key does not have permission to use the specified resource.';
    case 404:
      return `model: ${model}`;
    case 413:
      return 'Request exceeds the maximum allowed number of bytes.';
    case 429:
      return 'Number of request tokens has exceeded your per-minute rate limit (https://docs.anthropic.com/en/api/rate-limits); see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.';
    case 529:
      return 'Overloaded';
    default:
      return status >= 500 ? 'Internal server error' : 'Invalid request';
  }
}

export function failure(status: number, message: string): ApiFailure {
  return { status, type: errorTypeFor(status), message };
}

export function errorResponse(fail: ApiFailure, requestId: string): ApiErrorResponse {
  return {
    type: 'error',
    error: { type: fail.type, message: fail.message },
    request_id: requestId,
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

function base62(length: number): string {
  return Array.from(randomBytes(length), (byte) => BASE62[byte % 62]).join('');
}

/** An id shaped like the API's (`req_011C...`), different for every response. */
export function newRequestId(): string {
  return `req_011C${base62(20)}`;
}

/** A message id shaped like the API's (`msg_01...`). */
export function newMessageId(): string {
  return `msg_01${base62(22)}`;
}
