import type { ApiAttempt, LiveApiError } from '../../../core/index.ts';
import { originOf } from './allowed-origins.ts';

/**
 * What each way a live call can fail means, in the transcript: the API's own status, type and
 * message, then what to do. Nothing is lost in any of them: the code, the question and (except
 * for a 401, which says the key is wrong) the key stay as they were.
 */

interface Failure {
  /** HTTP status; 0 when no response came. */
  status: number;
  type?: string | null;
  message?: string | null;
  /** Where the call went, for the messages that name it. */
  baseURL: string;
  /** The model the call named. */
  model: string;
  /** The attempts the SDK retried before giving up. */
  retries: readonly ApiAttempt[];
}

const DEFAULT_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

/** The transcript's account of a failed live call. */
export function explainFailure(failure: Failure): LiveApiError {
  const { status, baseURL, model } = failure;
  const type =
    failure.type || (status === 0 ? 'connection_error' : (DEFAULT_TYPES[status] ?? 'api_error'));
  const message =
    failure.message || (status === 0 ? `no response from ${originOf(baseURL)}` : `HTTP ${status}`);
  const retried = retriedNote(failure.retries);
  return { status, type, message, explanation: `${advice(status, model, baseURL)}${retried}` };
}

function advice(status: number, model: string, baseURL: string): string {
  switch (true) {
    case status === 0:
      return `No answer came from ${originOf(baseURL)}: the network is down, the address is wrong, or the server refused this page's request (CORS: a gateway must allow this page's origin and the anthropic-* headers). Your key and code are kept.`;
    case status === 401:
      return 'The API did not accept your API key. Enter a valid key (they start with sk-ant-); the one you gave has been forgotten.';
    case status === 403:
      return 'Your key is not allowed to make this call: check its workspace and permissions in the Anthropic Console. Your key is kept.';
    case status === 404:
      return `The model "${model}" does not exist or your key cannot use it: choose a current model (such as claude-sonnet-5-5) in Live settings.`;
    case status === 413:
      return 'The request is larger than the API accepts: the conversation has grown too long.';
    case status === 429:
      return 'You are sending requests faster than your rate limit allows. Wait a moment and run again.';
    case status === 529:
      return 'The API is overloaded right now. Try again in a minute.';
    case status >= 500:
      return 'The API failed on its side. Try again in a moment.';
    case status === 400:
      return 'The API refused the request. It passed the checks made before sending, so look at what the message names.';
    default:
      return 'The API refused the call.';
  }
}

/** " The SDK retried 2 times (429, then 429, honouring retry-after)." */
function retriedNote(retries: readonly ApiAttempt[]): string {
  if (retries.length === 0) return '';
  const times = retries.length === 1 ? 'once' : `${retries.length} times`;
  const statuses = retries.map((r) => (r.status === 0 ? 'no response' : String(r.status)));
  const honoured = retries.some((r) => r.retryAfterMs !== undefined)
    ? ', honouring retry-after'
    : '';
  return ` The SDK retried ${times} first (after ${statuses.join(', then ')}${honoured}).`;
}

/** A `retry-after` header in milliseconds (seconds, or an HTTP date), as the SDK reads it. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number.parseFloat(value);
  if (!Number.isNaN(seconds)) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
