import type { IncomingHttpHeaders } from 'node:http';
import { BROWSER_ACCESS_HEADER } from './check-access.ts';

/**
 * Cross-origin access for the page's live mode, which calls the API from the browser with
 * the SDK's `dangerouslyAllowBrowser: true`.
 */

export const ALLOWED_METHODS = ['POST', 'OPTIONS'];

/**
 * Every request header the installed SDK (1.14.0) may send from a browser: its own
 * (`client.ts` buildHeaders), the platform's `x-stainless-*` (`internal/detect-platform.ts`),
 * the helper and per-request ones (`messagesCreateHeaders`, `stainless-helper-header.ts`)
 * and the trace-context ones (`internal/trace-headers.ts`).
 */
export const ALLOWED_HEADERS = [
  'accept',
  'anthropic-beta',
  BROWSER_ACCESS_HEADER,
  'anthropic-user-profile-id',
  'anthropic-version',
  'anthropic-workspace-id',
  'authorization',
  'baggage',
  'content-type',
  'traceparent',
  'tracestate',
  'user-agent',
  'x-api-key',
  'x-stainless-arch',
  'x-stainless-helper',
  'x-stainless-helper-method',
  'x-stainless-lang',
  'x-stainless-os',
  'x-stainless-package-version',
  'x-stainless-retry-count',
  'x-stainless-runtime',
  'x-stainless-runtime-version',
  'x-stainless-timeout',
];

/** Response headers the SDK reads, so a page may read them too. */
export const EXPOSED_HEADERS = ['request-id', 'retry-after'];

/** The headers that let a page read a response to a request it was allowed to make. */
export function corsHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
    vary: 'Origin',
  };
}

/** What a preflight asked for, and the headers it asked for that are not allowed. */
export interface PreflightAsk {
  origin?: string;
  method?: string;
  headers: string[];
  refused: string[];
}

export function readPreflight(headers: IncomingHttpHeaders): PreflightAsk {
  const asked = (headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return {
    origin: headers.origin,
    method: headers['access-control-request-method']?.toString(),
    headers: asked,
    refused: asked.filter((name) => !ALLOWED_HEADERS.includes(name)),
  };
}

/** The answer to a preflight `OPTIONS`: which methods and headers a page may send. */
export function preflightHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  return {
    ...(headers.origin === undefined ? {} : corsHeaders(headers.origin)),
    'access-control-allow-methods': ALLOWED_METHODS.join(', '),
    'access-control-allow-headers': ALLOWED_HEADERS.join(', '),
    'access-control-max-age': '600',
    // Chromium asks before a page reaches a more private address (Private Network Access).
    ...(headers['access-control-request-private-network'] === 'true'
      ? { 'access-control-allow-private-network': 'true' }
      : {}),
  };
}
