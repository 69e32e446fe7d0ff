import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import type { Cassette } from '../lesson/schema.ts';
import { createCassetteSession } from './session.ts';

/**
 * Small, realistic conversations for the cassette tests: a user asks for the echo tool,
 * the model calls it, the loop answers, the model finishes. Each call returns fresh
 * objects, so a test can change one freely.
 */

export const model = 'claude-sonnet-5-5';
export const prompt = 'Say hello with the echo tool';

export function echoTools() {
  return [
    {
      name: 'echo',
      description: 'Returns the text it is given.',
      input_schema: {
        type: 'object',
        properties: { text: { type: 'string' } },
        required: ['text'],
      },
    },
  ];
}

export function request(messages: unknown[]): ApiRequest {
  return { model, max_tokens: 1024, tools: echoTools(), messages };
}

export function toolUse(id: string, text: string) {
  return { type: 'tool_use' as const, id, name: 'echo', input: { text } };
}

export function toolResult(id: string, content: unknown, extra: Record<string, unknown> = {}) {
  return { type: 'tool_result', tool_use_id: id, content, ...extra };
}

function response(id: string, content: ApiResponse['content'], stop: ApiResponse['stop_reason']) {
  const usage = { input_tokens: 120, output_tokens: 40 };
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stop,
    usage,
  } as const;
}

/** The model's first reply in the one-tool conversation. */
export function callingEcho() {
  return response(
    'msg_01Call',
    [{ type: 'text', text: "I'll use the echo tool." }, toolUse('toolu_01Echo', 'hello')],
    'tool_use',
  );
}

export function finished() {
  return response('msg_01Done', [{ type: 'text', text: 'done' }], 'end_turn');
}

/** The requests of the one-tool conversation: #1 the prompt, #2 with the tool's result. */
export function echoRequests(
  result: Record<string, unknown> = toolResult('toolu_01Echo', 'hello'),
) {
  const first = [{ role: 'user', content: prompt }];
  const second = [
    ...first,
    { role: 'assistant', content: callingEcho().content },
    { role: 'user', content: [result] },
  ];
  return [request(first), request(second)] as const;
}

export function echoCassette(result?: Record<string, unknown>): Cassette {
  const [first, second] = echoRequests(result);
  return {
    calls: [
      { request: first, response: callingEcho() },
      { request: second, response: finished() },
    ],
  };
}

/** The model calls echo twice in one reply: `toolu_01A` ("hello"), then `toolu_01B` ("world"). */
export function callingEchoTwice() {
  return response(
    'msg_01Twice',
    [toolUse('toolu_01A', 'hello'), toolUse('toolu_01B', 'world')],
    'tool_use',
  );
}

export function twoToolRequests(results: unknown[][] = [twoResults()]) {
  const first = [{ role: 'user', content: prompt }];
  const assistant = { role: 'assistant', content: callingEchoTwice().content };
  const replies = results.map((content) => ({ role: 'user', content }));
  return [request(first), request([...first, assistant, ...replies])] as const;
}

export function twoResults() {
  return [toolResult('toolu_01A', 'hello'), toolResult('toolu_01B', 'world')];
}

export function twoToolCassette(): Cassette {
  const [first, second] = twoToolRequests();
  return {
    calls: [
      { request: first, response: callingEchoTwice() },
      { request: second, response: finished() },
    ],
  };
}

/** Plays the recording up to request #`number`, sends `body` in its place, returns any rejection. */
export function send(cassette: Cassette, number: number, body: ApiRequest) {
  const session = createCassetteSession(cassette);
  for (const call of cassette.calls.slice(0, number - 1)) session.answer(call.request);
  const answer = session.answer(body);
  return answer.ok ? undefined : answer.rejection;
}
