import { AuthenticationError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { CORS_MESSAGE } from './check-access.ts';
import { ask, sdk, useStandIn } from './test-support.ts';

const held = useStandIn();
const origin = 'http://localhost:4261';

/** Headers a browser sets on a request itself, which a page's preflight never lists. */
const browserOwn = new Set([
  'host',
  'connection',
  'content-length',
  'origin',
  'accept-encoding',
  'accept-language',
  'sec-fetch-mode',
]);

describe('requests from a web page', () => {
  it("answers a page's request without the browser header with the API's 401, unreadable by the page", async () => {
    const client = sdk(held.standIn, { defaultHeaders: { origin } });
    const error = await client.messages.create(ask()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AuthenticationError);
    const { apiMessage, headers } = error as AuthenticationError;
    expect([apiMessage, headers.get('access-control-allow-origin')]).toEqual([CORS_MESSAGE, null]);
  });

  it('lets the SDK in with dangerouslyAllowBrowser, for the origin of the page', async () => {
    const client = sdk(held.standIn, { defaultHeaders: { origin }, dangerouslyAllowBrowser: true });
    const { data, response } = await client.messages.create(ask()).withResponse();
    expect(data.stop_reason).toBe('end_turn');
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-expose-headers')).toBe('request-id, retry-after');
  });

  it('answers the preflight with every header the SDK sends, and logs what was refused', async () => {
    const { standIn } = held;
    const client = sdk(standIn, { defaultHeaders: { origin }, dangerouslyAllowBrowser: true });
    await client.messages.create(ask());
    const sent = Object.keys(standIn.requests()[0]?.headers ?? {}).filter(
      (name) => !browserOwn.has(name),
    );
    expect(sent).toEqual(
      expect.arrayContaining(['anthropic-dangerous-direct-browser-access', 'x-stainless-lang']),
    );

    const preflight = await fetch(`${standIn.url}/v1/messages`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': [...sent, 'x-made-up'].join(','),
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = preflight.headers.get('access-control-allow-headers')?.split(', ');
    expect(allowed).toEqual(expect.arrayContaining(sent));
    expect(standIn.preflights()).toEqual([
      {
        number: 2,
        path: '/v1/messages',
        origin,
        method: 'POST',
        headers: [...sent, 'x-made-up'],
        refused: ['x-made-up'],
      },
    ]);
  });
});
