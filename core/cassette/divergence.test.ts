import { describe, expect, it } from 'vitest';
import { hints } from './divergence-hint.ts';
import { findDivergence } from './divergence.ts';
import type { CassetteRejection } from './session.ts';
import {
  callingEcho,
  echoCassette,
  echoRequests,
  echoTools,
  prompt,
  request,
  send,
  toolResult,
  twoResults,
  twoToolCassette,
  twoToolRequests,
} from './test-conversation.ts';

function reportOf(rejection: CassetteRejection | undefined) {
  const { kind, path, expected, actual, hint } = rejection ?? {};
  return { kind, path, expected, actual, hint };
}

const at = (path: string, expected: unknown, actual: unknown, hint: string) => ({
  kind: 'divergence',
  path,
  expected,
  actual,
  hint,
});

const echoResult = (content: unknown, extra?: Record<string, unknown>) =>
  echoRequests(toolResult('toolu_01Echo', content, extra))[1];
const [first, second] = echoRequests();
const [asking, calling, answered] = second.messages as Record<string, unknown>[];
const failing = toolResult('toolu_01Echo', 'Error: the tool crashed', { is_error: true });
const toolsHint =
  'The `tools` list differs from the recording: send every tool definition (name, description, input_schema) unchanged, on every call.';

describe('a divergence', () => {
  it('is reported in the body the learner code receives', () => {
    const swapped = twoToolRequests([[...twoResults()].reverse()])[1];
    expect(send(twoToolCassette(), 2, swapped)).toEqual({
      kind: 'divergence',
      requestNumber: 2,
      recorded: 2,
      status: 400,
      body: {
        type: 'error',
        error: {
          type: 'cassette_mismatch',
          message: `Request #2 of 2 left the recorded conversation at messages[2].content[0].tool_use_id: expected "toolu_01A" but got "toolu_01B". ${hints.resultOrder}`,
        },
      },
      explanation:
        'The cassette can only replay the conversation it recorded, and your loop built request #2 differently, so there is no recorded reply for it.',
      path: 'messages[2].content[0].tool_use_id',
      expected: 'toolu_01A',
      actual: 'toolu_01B',
      hint: hints.resultOrder,
    });
  });

  it('says when a value is missing, and when none was expected', () => {
    const split = twoToolRequests([[twoResults()[0]], [twoResults()[1]]])[1];
    expect(send(twoToolCassette(), 2, split)?.body.error.message).toBe(
      `Request #2 of 2 left the recorded conversation at messages[2].content[1]: expected {"type":"tool_result","tool_use_id":"toolu_01B","content":"world"} but it is missing. ${hints.oneUserMessage}`,
    );
    expect(send(echoCassette(), 1, { ...first, temperature: 0 })?.body.error.message).toBe(
      'Request #1 of 2 left the recorded conversation at temperature: expected nothing there but got 0. The recording has no `temperature` field: leave it out of the request.',
    );
  });
});

describe('two long strings that start alike', () => {
  const system = `You are a careful agent. ${'Read before you write. '.repeat(4)}`;
  const recorded = { ...first, system: `${system}\n\nInstructions from AGENTS.md:\n# Rules\n` };

  it('are shown from just before they differ, and say where', () => {
    const sent = { ...first, system: `${system}\n\n# Rules\n` };
    const cassette = { calls: [{ ...echoCassette().calls[0]!, request: recorded }] };
    expect(send(cassette, 1, sent)?.body.error.message).toBe(
      `Request #1 of 1 left the recorded conversation at system: expected …"before you write. \\n\\nInstructions from AGENTS.md:\\n# Rules\\n" but got …"before you write. \\n\\n# Rules\\n" (from character ${system.length + 3}). The \`system\` prompt differs from the recording: send it exactly as given, on every call.`,
    );
  });

  it('are shown from their start when the difference is within sight', () => {
    const sent = { ...first, system: `You are a reckless agent.` };
    const cassette = { calls: [{ ...echoCassette().calls[0]!, request: recorded }] };
    expect(send(cassette, 1, sent)?.body.error.message).toContain(
      'expected "You are a careful agent. Read before you write. Read before you write. Read be… but got "You are a reckless agent."',
    );
  });
});

describe('a divergence in the tool results', () => {
  it.each([
    [
      'results sent in separate user messages',
      twoToolCassette(),
      twoToolRequests([[twoResults()[0]], [twoResults()[1]]])[1],
      at('messages[2].content[1]', twoResults()[1], undefined, hints.oneUserMessage),
    ],
    [
      'a different tool output',
      echoCassette(),
      echoResult('HELLO'),
      at('messages[2].content[0].content', 'hello', 'HELLO', hints.toolOutput),
    ],
    [
      'a different tool output, as blocks',
      echoCassette(),
      echoResult([{ type: 'text', text: 'hi' }]),
      at('messages[2].content[0].content[0].text', 'hello', 'hi', hints.toolOutput),
    ],
    [
      'a failure without is_error',
      echoCassette(failing),
      echoRequests({ ...failing, is_error: undefined })[1],
      at('messages[2].content[0].is_error', true, undefined, hints.isErrorMissing),
    ],
    [
      'a failure with is_error: false',
      echoCassette(failing),
      echoRequests({ ...failing, is_error: false })[1],
      at('messages[2].content[0].is_error', true, false, hints.isErrorMissing),
    ],
    [
      'is_error on a success',
      echoCassette(),
      echoResult('hello', { is_error: true }),
      at('messages[2].content[0].is_error', undefined, true, hints.isErrorExtra),
    ],
  ])('%s', (_name, cassette, body, report) => {
    expect(reportOf(send(cassette, 2, body))).toEqual(report);
  });
});

describe('a divergence in the messages', () => {
  it.each([
    [
      'the whole response pushed as a message',
      2,
      request([asking, callingEcho(), answered]),
      at('messages[1].id', undefined, 'msg_01Call', hints.wholeResponse),
    ],
    [
      "the response's text left out",
      2,
      request([asking, { role: 'assistant', content: callingEcho().content.slice(1) }, answered]),
      at('messages[1].content[0].type', 'text', 'tool_use', hints.assistantChanged),
    ],
    [
      'a different prompt',
      1,
      request([{ role: 'user', content: 'Say hi' }]),
      at('messages[0].content', prompt, 'Say hi', hints.firstMessage),
    ],
    [
      'a different prompt, as blocks',
      1,
      request([{ role: 'user', content: [{ type: 'text', text: 'Say hi' }] }]),
      at('messages[0].content[0].text', prompt, 'Say hi', hints.firstMessage),
    ],
    [
      'the first request again',
      2,
      first,
      at(
        'messages[1]',
        calling,
        undefined,
        "The assistant's response is missing at messages[1]: append {role:'assistant', content: response.content} before the tool results.",
      ),
    ],
    [
      'the response appended twice',
      2,
      request([asking, calling, calling, answered]),
      at(
        'messages[2].role',
        'user',
        'assistant',
        'messages[2] repeats the message before it: is the same message appended twice?',
      ),
    ],
    [
      'a message after the results',
      2,
      request([asking, calling, answered, { role: 'user', content: 'Thanks' }]),
      at(
        'messages[3]',
        undefined,
        { role: 'user', content: 'Thanks' },
        'messages[3] (user) is not in the recorded conversation: append each message once.',
      ),
    ],
  ])('%s', (_name, number, body, report) => {
    expect(reportOf(send(echoCassette(), number, body))).toEqual(report);
  });
});

describe('a divergence in another field', () => {
  it.each([
    [
      'another model',
      { ...first, model: 'claude-opus-5-5' },
      at(
        'model',
        'claude-sonnet-5-5',
        'claude-opus-5-5',
        "The request's `model` differs from the recording: send the model the lesson uses, on every call.",
      ),
    ],
    [
      'another max_tokens',
      { ...first, max_tokens: 512 },
      at(
        'max_tokens',
        1024,
        512,
        "The request's `max_tokens` differs from the recording: check which value your loop sends on this call.",
      ),
    ],
    [
      'a tool without its description',
      { ...first, tools: [{ ...echoTools()[0], description: undefined }] },
      at('tools[0].description', 'Returns the text it is given.', undefined, toolsHint),
    ],
    ['no tools', { ...first, tools: undefined }, at('tools', echoTools(), undefined, toolsHint)],
    [
      'an extra field',
      { ...first, temperature: 0 },
      at(
        'temperature',
        undefined,
        0,
        'The recording has no `temperature` field: leave it out of the request.',
      ),
    ],
  ])('%s', (_name, body, report) => {
    expect(reportOf(send(echoCassette(), 1, body))).toEqual(report);
  });
});

describe('a request of another conversation of the recording', () => {
  const ask = (prompt: string) => ({
    model: 'claude-sonnet-5-5',
    max_tokens: 1024,
    messages: [{ role: 'user', content: prompt }],
  });
  const agent = ask('Which discount codes does the shop accept?');
  const first = ask('Read src/price.ts and say how it rounds.');
  const second = ask('Read src/receipt.ts and say how it rounds.');

  it('names the conversation each belongs to when a subagent calls out of turn', () => {
    const divergence = findDivergence(first, second, [], [agent, first, second]);
    expect(divergence?.hint).toMatch(
      /^This request belongs to the conversation that request #3 starts in the recording \("Read src\/receipt.ts and say how it rounds."\), but the recording has a call of another one here, the conversation request #2 starts/,
    );
  });

  it('keeps the first-message advice when no recorded conversation starts that way', () => {
    const divergence = findDivergence(first, ask('Something else'), [], [agent, first]);
    expect(divergence?.hint).toBe(
      "The first message differs from the recording: send the user's prompt exactly as given.",
    );
  });
});
