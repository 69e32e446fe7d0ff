import type { IncomingHttpHeaders } from 'node:http';
import type { PreflightAsk } from './cors.ts';

/**
 * Everything the stand-in was sent, for tests that assert what a host sent: the headers
 * (with the key cut to its last 4 characters), the body, and how it was answered.
 */

/** One request to the API (preflights are logged apart). */
export interface LoggedRequest {
  /** Arrival order, from 1, shared with the preflights. */
  number: number;
  method: string;
  /** Path and query, e.g. `/v1/messages`. */
  path: string;
  /** Header names in lower case; the key in `authorization` and `x-api-key` redacted. */
  headers: Record<string, string>;
  /** The key the request carried, redacted (see `redactKey`); undefined without one. */
  key?: string;
  /** The body as JSON, or as text when it is not JSON; undefined when empty. */
  body?: unknown;
  /** The `request-id` header sent back (also in an error's body). */
  requestId?: string;
  /** The status sent; undefined while the answer is pending or if the client left first. */
  status?: number;
  /** The body sent back. */
  response?: unknown;
  /** True when the client closed the connection before the answer (an aborted request). */
  aborted: boolean;
}

/** A CORS preflight (`OPTIONS`), and the headers it asked for that are not allowed. */
export interface LoggedPreflight extends PreflightAsk {
  number: number;
  path: string;
}

/** The key as the log shows it: `…` and its last 4 characters (none of a key under 12). */
export function redactKey(key: string): string {
  return key.length < 12 ? '…' : `…${key.slice(-4)}`;
}

export function loggedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const logged: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    logged[name] = name === 'authorization' || name === 'x-api-key' ? redactAuth(text) : text;
  }
  return logged;
}

function redactAuth(value: string): string {
  const [scheme, credential] = value.split(/\s+/, 2);
  return credential === undefined ? redactKey(value) : `${scheme} ${redactKey(credential)}`;
}

/** The body as it will be logged: JSON when it parses. */
export function loggedBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export interface RequestLog {
  request(entry: Omit<LoggedRequest, 'number' | 'aborted'>): LoggedRequest;
  preflight(entry: Omit<LoggedPreflight, 'number'>): void;
  requests(): LoggedRequest[];
  preflights(): LoggedPreflight[];
  clear(): void;
}

export function createRequestLog(): RequestLog {
  let count = 0;
  let requests: LoggedRequest[] = [];
  let preflights: LoggedPreflight[] = [];
  return {
    request(entry) {
      const logged = { number: ++count, ...entry, aborted: false };
      requests.push(logged);
      return logged;
    },
    preflight(entry) {
      preflights.push({ number: ++count, ...entry });
    },
    // Copies, so a test holding one sees the log as it was when it asked.
    requests: () => structuredClone(requests),
    preflights: () => structuredClone(preflights),
    clear() {
      count = 0;
      requests = [];
      preflights = [];
    },
  };
}
