import { describe, expect, it } from 'vitest';
import type { ApiRequest } from '../api/messages.ts';
import type { Cassette } from '../lesson/schema.ts';
import { createCassetteSession } from './session.ts';
import type { CassetteAnswer, CassetteRejection, CassetteSession } from './session.ts';
import { callingEcho, echoCassette, echoRequests, finished, request } from './test-conversation.ts';

function rejection(answer: CassetteAnswer): CassetteRejection {
  if (answer.ok) throw new Error('expected a rejection, got a response');
  return answer.rejection;
}

function replay(session: CassetteSession, requests: readonly ApiRequest[]) {
  for (const body of requests) expect(session.answer(body).ok).toBe(true);
}

/** Request #3 of a loop that went on after the model said `done`. */
function afterTheEnd(): ApiRequest {
  const messages = echoRequests()[1].messages as unknown[];
  return request([
    ...messages,
    { role: 'assistant', content: finished().content },
    { role: 'user', content: 'Go on' },
  ]);
}

describe('createCassetteSession', () => {
  it('replays the recorded responses in order', () => {
    const session = createCassetteSession(echoCassette());
    const [first, second] = echoRequests();
    expect(session.answer(first)).toEqual({ ok: true, response: callingEcho() });
    expect(session.made).toBe(1);
    expect(session.answer(second)).toEqual({ ok: true, response: finished() });
    expect(session.made).toBe(2);
    expect(session.recorded).toBe(2);
    expect(session.unmadeCalls()).toBeUndefined();
  });

  it('hands out copies, so learner code cannot change the recording', () => {
    const cassette = echoCassette();
    const session = createCassetteSession(cassette);
    const answer = session.answer(echoRequests()[0]);
    if (!answer.ok) throw new Error('expected a response');
    answer.response.content.length = 0;
    answer.response.stop_reason = 'end_turn';
    expect(cassette.calls[0]?.response).toEqual(callingEcho());
    expect(createCassetteSession(cassette).answer(echoRequests()[0])).toEqual({
      ok: true,
      response: callingEcho(),
    });
  });

  it('is not changed by later edits to the cassette', () => {
    const cassette = echoCassette();
    const session = createCassetteSession(cassette);
    cassette.calls[0]!.response.stop_reason = 'max_tokens';
    const answer = session.answer(echoRequests()[0]);
    expect(answer.ok && answer.response.stop_reason).toBe('tool_use');
  });

  it("answers an invalid request with the API's own 400, without using up the call", () => {
    const session = createCassetteSession(echoCassette());
    const refused = rejection(session.answer(request([{ role: 'system', content: 'hi' }])));
    expect(refused).toEqual({
      kind: 'invalid-request',
      requestNumber: 1,
      recorded: 2,
      status: 400,
      body: {
        type: 'error',
        error: {
          type: 'invalid_request_error',
          message: "messages.0.role: Input should be 'user' or 'assistant'",
        },
      },
      explanation:
        "Every message needs role 'user' or 'assistant' (a system prompt goes in the request's top-level `system` field).",
    });
    expect(session.made).toBe(0);
    expect(session.answer(echoRequests()[0]).ok).toBe(true);
  });

  it('stays at the same request after a divergence', () => {
    const session = createCassetteSession(echoCassette());
    const refused = rejection(session.answer({ ...echoRequests()[0], max_tokens: 10 }));
    expect([refused.kind, refused.requestNumber]).toEqual(['divergence', 1]);
    replay(session, echoRequests());
  });
});

describe('an exhausted cassette', () => {
  it('asks whether the loop kept going after end_turn', () => {
    const session = createCassetteSession(echoCassette());
    replay(session, echoRequests());
    const hint =
      'Did the loop keep going after end_turn? The recording ends with that reply: the loop should have returned there.';
    expect(rejection(session.answer(afterTheEnd()))).toEqual({
      kind: 'exhausted',
      requestNumber: 3,
      recorded: 2,
      status: 400,
      body: {
        type: 'error',
        error: {
          type: 'cassette_mismatch',
          message: `The cassette is exhausted: the recording has 2 calls and the loop made request #3. ${hint}`,
        },
      },
      explanation:
        'Your loop called the model again after the recorded conversation had ended: it did not stop when it should have.',
      hint,
    });
    expect(session.made).toBe(2);
  });

  it('asks about the cap when the recording ends on tool_use', () => {
    const capped = { calls: echoCassette().calls.slice(0, 1) };
    const session = createCassetteSession(capped);
    replay(session, echoRequests().slice(0, 1));
    const refused = rejection(session.answer(echoRequests()[1]));
    expect(refused.body.error.message).toBe(
      'The cassette is exhausted: the recording has 1 call and the loop made request #2. The recording ends here: the loop should have stopped (did it respect its cap, or its budget?).',
    );
    expect(refused.hint).toBe(
      'The recording ends here: the loop should have stopped (did it respect its cap, or its budget?).',
    );
  });

  it('names the cap when the loop went past it', () => {
    const capped = { calls: echoCassette().calls.slice(0, 1) };
    const session = createCassetteSession(capped, { cap: 1 });
    replay(session, echoRequests().slice(0, 1));
    expect(rejection(session.answer(echoRequests()[1])).hint).toBe(
      "The loop's cap is 1 and it had made 1 call: it should have stopped before calling again.",
    );
  });

  it('names the budget when another call would break it, not the reply it ended on', () => {
    // One call spent 120 + 40 tokens; another sends at least 120 more: 280 > 250.
    const capped = { calls: echoCassette().calls.slice(0, 1) };
    const session = createCassetteSession(capped, { budget: 250 });
    replay(session, echoRequests().slice(0, 1));
    expect(rejection(session.answer(echoRequests()[1])).hint).toBe(
      'The budget stops the loop here: the 1 call so far spent 160 tokens (input and output), and another would send at least 120 tokens of input more, past the budget of 250 tokens. Check the budget before every call, retries and resumed turns included.',
    );
  });

  it('leaves a budget the next call fits in to the stop_reason', () => {
    const capped = { calls: echoCassette().calls.slice(0, 1) };
    const session = createCassetteSession(capped, { budget: 280 });
    replay(session, echoRequests().slice(0, 1));
    expect(rejection(session.answer(echoRequests()[1])).hint).toContain('The recording ends here');
  });

  it('still reports an invalid request first', () => {
    const session = createCassetteSession(echoCassette());
    replay(session, echoRequests());
    expect(rejection(session.answer({ model: 'claude-sonnet-5-5' })).kind).toBe('invalid-request');
  });
});

describe('unmadeCalls', () => {
  it('says where the loop stopped', () => {
    const session = createCassetteSession(echoCassette());
    replay(session, echoRequests().slice(0, 1));
    expect(session.unmadeCalls()).toBe(
      'The loop made 1 of 2 recorded calls: it stopped after request #1, whose reply had stop_reason "tool_use".',
    );
  });

  it('says when the loop never called the model', () => {
    expect(createCassetteSession(echoCassette()).unmadeCalls()).toBe(
      'The loop made none of the 2 recorded calls: it never called the model.',
    );
  });
});

describe('a paused turn', () => {
  const paused = {
    ...finished(),
    id: 'msg_01Paused',
    content: [{ type: 'text' as const, text: 'Looking it up.' }],
    stop_reason: 'pause_turn' as const,
  };
  const asking = { role: 'user', content: 'Look it up' };
  const resumed = request([asking, { role: 'assistant', content: paused.content }]);
  const cassette = {
    calls: [
      { request: request([asking]), response: paused },
      { request: resumed, response: finished() },
    ],
  };

  it('is resumed by the request that ends with it, the one the API accepts', () => {
    const session = createCassetteSession(cassette);
    replay(session, [request([asking]), resumed]);
  });

  it('is the only reply a request may end with: the same request first is prefill', () => {
    const refused = rejection(createCassetteSession(cassette).answer(resumed));
    expect(refused.body.error.message).toBe(
      'This model does not support assistant message prefill. The conversation must end with a user message.',
    );
  });
});

describe('a streamed call', () => {
  const start = {
    type: 'message_start' as const,
    message: { ...finished(), content: [] as [], stop_reason: null },
  };
  const streamed = (): Cassette => {
    const [first] = echoRequests();
    return {
      calls: [
        {
          request: { ...first!, stream: true },
          response: finished(),
          stream: [{ ms: 400, event: start }],
          interrupted: [
            [
              { ms: 300, event: start },
              {
                ms: 20,
                event: {
                  type: 'error',
                  error: { type: 'overloaded_error', message: 'Overloaded' },
                },
              },
            ],
          ],
        },
      ],
    };
  };

  it('answers the attempt the recording cut off first, then the whole stream, at the pace asked', () => {
    const session = createCassetteSession(streamed(), {}, { pace: 0.5 });
    const [first] = echoRequests();
    const cut = session.answer({ ...first!, stream: true });
    expect([cut.ok && cut.stream?.map((e) => [e.ms, e.event.type]), session.made]).toEqual([
      [
        [300, 'message_start'],
        [20, 'error'],
      ],
      0,
    ]);
    const whole = session.answer({ ...first!, stream: true });
    expect([whole.ok && [whole.stream?.map((e) => e.ms), whole.pace], session.made]).toEqual([
      [[400], 0.5],
      1,
    ]);
  });

  it('checks the retry as any request, and replays at once by default', () => {
    const session = createCassetteSession(streamed());
    const [first] = echoRequests();
    session.answer({ ...first!, stream: true });
    expect(rejection(session.answer(first!)).path).toBe('stream');
    const whole = session.answer({ ...first!, stream: true });
    expect(whole.ok && [whole.stream?.map((e) => e.ms), whole.pace]).toEqual([[400], 0]);
  });
});

describe('a recording that ends on a failed request', () => {
  const cutBy = (type: string, message: string) => [
    {
      ms: 300,
      event: {
        type: 'message_start' as const,
        message: { ...finished(), content: [] as [], stop_reason: null },
      },
    },
    { ms: 20, event: { type: 'error' as const, error: { type, message } } },
  ];
  /** echo's first call whole, then its second request cut off twice. */
  const failing = (): Cassette => {
    const [first, second] = echoRequests();
    return {
      calls: [{ request: first!, response: echoCassette().calls[0]!.response }],
      failed: {
        request: { ...second!, stream: true },
        interrupted: [
          cutBy('overloaded_error', 'Overloaded'),
          cutBy('api_error', 'Internal server error'),
        ],
      },
    };
  };
  const [first, second] = echoRequests();
  const again = { ...second!, stream: true };

  it('answers each attempt with its cut-off stream, and counts what is left', () => {
    const session = createCassetteSession(failing());
    expect(session.left).toBe(3);
    session.answer(first!);
    const errors = [session.answer(again), session.answer(again)].map(
      (answer) => answer.ok && answer.stream?.at(-1)?.event,
    );
    expect(errors).toEqual([
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      { type: 'error', error: { type: 'api_error', message: 'Internal server error' } },
    ]);
    expect([session.made, session.left, session.unmadeCalls()]).toEqual([1, 0, undefined]);
  });

  it('refuses an attempt past the last, saying the code gives up there', () => {
    const session = createCassetteSession(failing());
    session.answer(first!);
    session.answer(again);
    session.answer(again);
    const refused = rejection(session.answer(again));
    expect([refused.kind, refused.requestNumber, refused.body.error.message]).toEqual([
      'exhausted',
      2,
      'The cassette is exhausted: the recording ends with request #2 cut off by an error event on each of its 2 attempts, and the loop sent it again. After the recorded attempts the code gives up: it throws the error (api_error), and does not ask again.',
    ]);
  });

  it('checks each attempt against the recorded request', () => {
    const session = createCassetteSession(failing());
    session.answer(first!);
    expect(rejection(session.answer(second!)).path).toBe('stream');
  });

  it('names the attempts a loop never made', () => {
    const never = createCassetteSession(failing());
    never.answer(first!);
    expect(never.unmadeCalls()).toBe(
      'The loop never sent request #2, which the recording ends on: the API cut off each of its 2 recorded attempts with an error event (overloaded_error).',
    );
    never.answer(again);
    expect(never.unmadeCalls()).toBe(
      'The loop gave up on request #2 after 1 of its 2 recorded attempts: the recording sends it again after overloaded_error.',
    );
  });
});

describe('a call whose retry the loop never made', () => {
  it('says the loop gave up after the attempt the error cut off', () => {
    const [first] = echoRequests();
    const cassette: Cassette = {
      calls: [
        {
          request: { ...first!, stream: true },
          response: finished(),
          stream: [],
          interrupted: [
            [
              {
                ms: 5,
                event: {
                  type: 'error',
                  error: { type: 'api_error', message: 'Internal server error' },
                },
              },
            ],
          ],
        },
      ],
    };
    const session = createCassetteSession(cassette);
    session.answer({ ...first!, stream: true });
    expect(session.unmadeCalls()).toBe(
      'The loop gave up on request #1 after 1 of its 2 recorded attempts: the recording sends it again after api_error, and the last attempt is answered whole.',
    );
  });
});
