import { describe, expect, it } from 'vitest';
import { apiErrorFailure, failedAttempt, type ResponseLike } from './sdk-failures.ts';

const response = (status: number, body: string, headers: Record<string, string> = {}) =>
  ({
    status,
    headers: { get: (name: string) => headers[name] ?? null },
    clone: () => ({ json: () => Promise.resolve().then(() => JSON.parse(body) as unknown) }),
  }) satisfies ResponseLike;

describe('failedAttempt', () => {
  it('notes a failed response by its status, the API’s error type and retry-after', async () => {
    const body = JSON.stringify({ type: 'error', error: { type: 'rate_limit_error' } });
    expect(await failedAttempt(response(429, body, { 'retry-after': '0.2' }))).toEqual({
      status: 429,
      type: 'rate_limit_error',
      retryAfter: 0.2,
    });
  });

  it('names a body that is not the API’s by the status, and passes a success by', async () => {
    expect(await failedAttempt(response(502, '<html>bad gateway'))).toEqual({
      status: 502,
      type: 'http_502',
    });
    expect(await failedAttempt(response(503, 'null'))).toEqual({ status: 503, type: 'http_503' });
    expect(await failedAttempt(response(200, '{}'))).toBeUndefined();
  });
});

describe('apiErrorFailure', () => {
  it('keeps the API’s own type and message, or falls back to the status and the SDK’s message', () => {
    const sent = { type: 'error', error: { type: 'not_found_error', message: 'model: x' } };
    expect(apiErrorFailure({ status: 404, error: sent, message: '404 ...' })).toEqual({
      status: 404,
      body: { type: 'error', error: { type: 'not_found_error', message: 'model: x' } },
    });
    expect(apiErrorFailure({ status: 500, error: undefined, message: 'Internal' })).toEqual({
      status: 500,
      body: { type: 'error', error: { type: 'http_500', message: 'Internal' } },
    });
  });
});
