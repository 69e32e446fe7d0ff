import type { IncomingHttpHeaders } from 'node:http';
import { failure, type ApiFailure } from './api-errors.ts';

/**
 * The checks the API makes on a request's headers before it reads the body: the rule for
 * requests from a web page, the key, and the API version.
 */

export const BROWSER_ACCESS_HEADER = 'anthropic-dangerous-direct-browser-access';

/** The API's wording when a page calls it without opting in to direct browser access. */
export const CORS_MESSAGE = `CORS requests must set '${BROWSER_ACCESS_HEADER}' header`;

export type Access = { ok: true; key: string } | { ok: false; failure: ApiFailure };

/** The key a request carries: `x-api-key`, else `Authorization: Bearer <key>` (the SDK's way). */
export function requestKey(headers: IncomingHttpHeaders): string | undefined {
  const apiKey = headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey;
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  return bearer?.[1];
}

/** True when a request comes from a web page (it has an Origin) that opted in to direct access. */
export function isAllowedBrowserRequest(headers: IncomingHttpHeaders): boolean {
  return headers.origin !== undefined && headers[BROWSER_ACCESS_HEADER] === 'true';
}

export function checkAccess(
  headers: IncomingHttpHeaders,
  isKnownKey: (key: string) => boolean,
): Access {
  if (headers.origin !== undefined && !isAllowedBrowserRequest(headers)) {
    return { ok: false, failure: failure(401, CORS_MESSAGE) };
  }
  const key = requestKey(headers);
  if (key === undefined) {
    return { ok: false, failure: failure(401, 'x-api-key header is required') };
  }
  if (!isKnownKey(key)) return { ok: false, failure: failure(401, 'invalid x-api-key') };
  const version = headers['anthropic-version']?.toString();
  if (version === undefined) {
    return { ok: false, failure: failure(400, 'anthropic-version: header is required') };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(version)) {
    return {
      ok: false,
      failure: failure(400, `anthropic-version: "${version}" is not a valid version`),
    };
  }
  return { ok: true, key };
}
