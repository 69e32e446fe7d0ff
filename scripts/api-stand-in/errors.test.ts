import {
  APIError,
  AuthenticationError,
  BadRequestError,
  InternalServerError,
  NotFoundError,
  OverloadedError,
  PermissionDeniedError,
  RateLimitError,
} from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { createCassetteSession } from '../../core/cassette/session.ts';
import { echoCassette, toolUse } from '../../core/cassette/test-conversation.ts';
import { startApiStandIn } from './start-api-stand-in.ts';
import { apiHeaders, ask, model, sdk, useStandIn } from './test-support.ts';

const held = useStandIn();

/** The SDK's error for a request, or a failure if the request succeeded. */
async function refusal(call: Promise<unknown>): Promise<APIError> {
  const outcome = await call.then(
    () => new Error('expected the request to be refused'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof APIError)) throw outcome;
  return outcome;
}

function post(url: string, body: string, headers: Record<string, string>) {
  return fetch(`${url}/v1/messages`, { method: 'POST', body, headers });
}

describe('keys and headers', () => {
  it('answers an unknown key with 401 authentication_error', async () => {
    const error = await refusal(
      sdk(held.standIn, { apiKey: 'sk-ant-nobody-knows-me' }).messages.create(ask()),
    );
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error.error).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
      request_id: error.requestID,
    });
  });

  it('accepts the key as x-api-key too, and asks for one when there is none', async () => {
    const { url } = held.standIn;
    const { authorization: bearer, ...noKey } = apiHeaders();
    const withApiKey = await post(url, JSON.stringify(ask()), {
      ...noKey,
      'x-api-key': bearer!.slice(7),
    });
    const without = await post(url, JSON.stringify(ask()), noKey);
    expect([withApiKey.status, without.status]).toEqual([200, 401]);
    expect(((await without.json()) as { error: unknown }).error).toEqual({
      type: 'authentication_error',
      message: 'x-api-key header is required',
    });
  });

  it('requires anthropic-version, with the API wording', async () => {
    const { 'anthropic-version': _version, ...headers } = apiHeaders();
    const answer = await post(held.standIn.url, JSON.stringify(ask()), headers);
    const body = (await answer.json()) as { error: unknown; request_id: string };
    expect([answer.status, body.error]).toEqual([
      400,
      { type: 'invalid_request_error', message: 'anthropic-version: header is required' },
    ]);
    expect(answer.headers.get('request-id')).toBe(body.request_id);
  });

  it('refuses a body that is not JSON', async () => {
    const answer = await post(held.standIn.url, '{"model":', apiHeaders());
    const body = (await answer.json()) as { error: { message: string } };
    expect([answer.status, body.error.message.split(':')[0]]).toEqual([
      400,
      'The request body is not valid JSON',
    ]);
  });
});

describe('rate limits and overload', () => {
  it('sends retry-after with a 429: the SDK waits, retries and succeeds', async () => {
    const { standIn } = held;
    standIn.script([
      { error: { status: 429, retryAfter: 0.01 } },
      { reply: { content: [{ type: 'text', text: 'ok' }] } },
    ]);
    const reply = await sdk(standIn).messages.create(ask());
    expect(reply.content).toEqual([{ type: 'text', text: 'ok' }]);
    const log = standIn.requests();
    expect(log.map(({ status, headers }) => [status, headers['x-stainless-retry-count']])).toEqual([
      [429, '0'],
      [200, '1'],
    ]);
  });

  it('ends in RateLimitError once the retries are spent', async () => {
    const { standIn } = held;
    const limited = { error: { status: 429, retryAfter: 0.01 } };
    standIn.script([limited, limited, limited]);
    const error = await refusal(sdk(standIn, { maxRetries: 2 }).messages.create(ask()));
    expect(error).toBeInstanceOf(RateLimitError);
    expect([error.type, error.headers?.get('retry-after')]).toEqual(['rate_limit_error', '0.01']);
    expect(standIn.requests().map(({ status }) => status)).toEqual([429, 429, 429]);
  });

  it("gives a 429 the API's retry-after when the script names none", async () => {
    held.standIn.script([{ error: { status: 429 } }]);
    const error = await refusal(sdk(held.standIn, { maxRetries: 0 }).messages.create(ask()));
    expect(error.headers?.get('retry-after')).toBe('1');
  });

  it('answers 529 with overloaded_error: an InternalServerError to the SDK', async () => {
    held.standIn.script([{ error: { status: 529 } }]);
    const error = await refusal(sdk(held.standIn, { maxRetries: 0 }).messages.create(ask()));
    expect(error).toBeInstanceOf(OverloadedError);
    expect(error).toBeInstanceOf(InternalServerError);
    expect([error.status, error.type, error.apiMessage]).toEqual([
      529,
      'overloaded_error',
      'Overloaded',
    ]);
  });
});

describe('scripted errors', () => {
  it.each([
    [403, PermissionDeniedError, 'permission_error'],
    [404, NotFoundError, 'not_found_error'],
    [500, InternalServerError, 'api_error'],
  ])(
    'answers %i with the SDK class and error type the API uses',
    async (status, errorClass, type) => {
      held.standIn.script([{ error: { status } }]);
      const error = await refusal(sdk(held.standIn, { maxRetries: 0 }).messages.create(ask()));
      expect(error).toBeInstanceOf(errorClass);
      expect([error.status, error.type]).toEqual([status, type]);
    },
  );

  it('words a scripted 404 as the API does for an unknown model', async () => {
    held.standIn.script([{ error: { status: 404 } }]);
    const error = await refusal(sdk(held.standIn).messages.create(ask()));
    expect(error.apiMessage).toBe(`model: ${model}`);
  });

  it('answers an unlisted model with 404 when given its models', async () => {
    const standIn = await startApiStandIn({ models: [model] });
    try {
      const error = await refusal(
        sdk(standIn).messages.create({ ...ask(), model: 'claude-sonnet-9' }),
      );
      expect([error.status, error.apiMessage]).toEqual([404, 'model: claude-sonnet-9']);
    } finally {
      await standIn.close();
    }
  });
});

describe('the request checks', () => {
  it("refuses a tool_use without its tool_result with the cassette's 400, using up no step", async () => {
    const { standIn } = held;
    standIn.script([{ reply: { content: [{ type: 'text', text: 'unused' }] } }]);
    const request = {
      ...ask(),
      messages: [
        { role: 'user' as const, content: 'Say hello with the echo tool' },
        { role: 'assistant' as const, content: [toolUse('toolu_01Echo', 'hello')] },
        { role: 'user' as const, content: 'and then?' },
      ],
    };
    const error = await refusal(sdk(standIn).messages.create(request));
    expect(error).toBeInstanceOf(BadRequestError);
    expect([error.type, error.apiMessage]).toEqual([
      'invalid_request_error',
      'messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.',
    ]);
    const cassette = createCassetteSession(echoCassette()).answer(request);
    expect(!cassette.ok && cassette.rejection.body.error.message).toBe(error.apiMessage);
    expect(standIn.pending()).toBe(1);
  });

  it('answers an unknown path with 404 not_found_error', async () => {
    const answer = await fetch(`${held.standIn.url}/v1/complete`, {
      method: 'POST',
      headers: apiHeaders(),
      body: '{}',
    });
    expect([answer.status, ((await answer.json()) as { error: unknown }).error]).toEqual([
      404,
      { type: 'not_found_error', message: 'Not Found' },
    ]);
  });
});
