import Anthropic, { type ClientOptions } from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startApiStandIn, STAND_IN_KEY, type ApiStandIn } from './start-api-stand-in.ts';

/** For the stand-in's tests: one stand-in per test file, reset before each test. */

export const model = 'claude-sonnet-5-5';

export function useStandIn(): { readonly standIn: ApiStandIn } {
  const holder = {} as { standIn: ApiStandIn };
  beforeAll(async () => {
    holder.standIn = await startApiStandIn();
  });
  afterAll(() => holder.standIn.close());
  beforeEach(() => holder.standIn.reset());
  return holder;
}

/** The real SDK pointed at the stand-in, as the hosts will use it. */
export function sdk(standIn: Pick<ApiStandIn, 'url'>, options: ClientOptions = {}): Anthropic {
  return new Anthropic({ apiKey: STAND_IN_KEY, baseURL: standIn.url, ...options });
}

/** A one-message request. */
export function ask(content = 'Weather in Chicago?') {
  return { model, max_tokens: 1024, messages: [{ role: 'user' as const, content }] };
}

/** The headers of a raw request the SDK would accept as its own. */
export function apiHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    authorization: `Bearer ${STAND_IN_KEY}`,
    'anthropic-version': '2026-10-21',
    'content-type': 'application/json',
    ...extra,
  };
}
