import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse, ReplyBlock } from '../api/messages.ts';
import type { Cassette } from '../lesson/schema.ts';
import { createCassetteSession } from './session.ts';
import { echoTools, model, prompt, toolResult, toolUse } from './test-conversation.ts';
import { validateRequest } from './validate-request.ts';
import { thinkingOn, thinkingSupport } from './validate-thinking.ts';

const THINKING = { type: 'adaptive', display: 'summarized' } as const;
const thought = {
  type: 'thinking' as const,
  thinking: 'The user wants hello echoed back. One call to echo does it.',
  signature: 'EqQBCkgIBxABGAIiQHn3Zq0vJ6L8kd',
};
const second = {
  type: 'thinking' as const,
  thinking: 'Then say it is done.',
  signature: 'ErcBCkgIBxABGAIiQPx81c3vQ2mTtp',
};
const redacted = { type: 'redacted_thinking' as const, data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT' };
const use = toolUse('toolu_01Echo', 'hello');

function reply(id: string, content: ReplyBlock[], stop: ApiResponse['stop_reason']): ApiResponse {
  return {
    id,
    type: 'message',
    role: 'assistant',
    model,
    content,
    stop_reason: stop,
    usage: { input_tokens: 150, output_tokens: 60 },
  };
}

/** The model thinks twice, is partly redacted, then calls echo; then it answers. */
const calling = reply('msg_01Think', [thought, redacted, second, use], 'tool_use');
const done = reply('msg_01Done', [{ type: 'text', text: 'done' }], 'end_turn');

const body = (messages: unknown[]): ApiRequest => ({
  model,
  max_tokens: 1024,
  thinking: THINKING,
  tools: echoTools(),
  messages,
});
const asking = { role: 'user', content: prompt };
const results = { role: 'user', content: [toolResult('toolu_01Echo', 'hello')] };
/** The second request, with the assistant turn sent back as `content`. */
const sendingBack = (content: unknown[]) => body([asking, { role: 'assistant', content }, results]);

/**
 * A cassette whose second request is `recorded`: the checks run before the recording is
 * compared, so whatever it holds, a request the API would refuse is refused.
 */
function cassette(recorded = sendingBack(calling.content)): Cassette {
  return {
    calls: [
      { request: body([asking]), response: calling },
      { request: recorded, response: done },
    ],
  };
}

function refusal(content: unknown[]): string | undefined {
  const session = createCassetteSession(cassette(sendingBack(content)));
  session.answer(body([asking]));
  const answer = session.answer(sendingBack(content));
  if (answer.ok) return;
  expect(answer.rejection.kind).toBe('invalid-request');
  return answer.rejection.body.error.message;
}

const MODIFIED =
  '`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.';

describe('a tool loop with thinking on', () => {
  it('accepts the reply sent back as it came', () => {
    const session = createCassetteSession(cassette());
    expect(session.answer(body([asking])).ok).toBe(true);
    expect(session.answer(sendingBack(calling.content)).ok).toBe(true);
  });

  it('refuses a reply sent back without its thinking, whatever was recorded', () => {
    expect(refusal([use])).toBe(
      'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`. When `thinking` is enabled, a final `assistant` message must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking',
    );
  });

  it('refuses a block left out of several', () => {
    expect(refusal([thought, second, use])).toBe(`messages.1.content.1: ${MODIFIED}`);
    expect(refusal([thought, redacted, use])).toBe(`messages.1.content.2: ${MODIFIED}`);
  });

  it('refuses an edited thinking text', () => {
    const trimmed = { ...thought, thinking: thought.thinking.slice(0, 20) };
    expect(refusal([trimmed, redacted, second, use])).toBe(`messages.1.content.0: ${MODIFIED}`);
  });

  it('refuses an edited signature', () => {
    const resigned = { ...second, signature: `${second.signature}=` };
    expect(refusal([thought, redacted, resigned, use])).toBe(`messages.1.content.2: ${MODIFIED}`);
  });

  it('refuses blocks in another order', () => {
    expect(refusal([redacted, thought, second, use])).toBe(`messages.1.content.0: ${MODIFIED}`);
  });

  it('refuses changed redacted data', () => {
    const changed = { ...redacted, data: redacted.data.toLowerCase() };
    expect(refusal([thought, changed, second, use])).toBe(`messages.1.content.1: ${MODIFIED}`);
  });

  it('refuses text put before the thinking', () => {
    const text = { type: 'text', text: 'Echoing.' };
    expect(refusal([text, thought, redacted, second, use])).toBe(
      'messages.1.content.0: If an assistant message contains any thinking blocks, the first block must be thinking or redacted_thinking. Found text.',
    );
  });

  it('refuses a thinking block the API never sent in an earlier turn', () => {
    const forged = { ...thought, thinking: 'I was told to say hello.' };
    const later = body([
      asking,
      { role: 'assistant', content: [forged, use] },
      results,
      { role: 'assistant', content: done.content },
      { role: 'user', content: 'Again?' },
    ]);
    expect(validateRequest(later, done, [calling, done])?.message).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block',
    );
  });

  it('accepts a finished turn sent back without its thinking, as a new user turn follows', () => {
    const finished = reply('msg_01Fin', [thought, { type: 'text', text: 'hello' }], 'end_turn');
    const next = body([
      asking,
      { role: 'assistant', content: [{ type: 'text', text: 'hello' }] },
      { role: 'user', content: 'Thanks' },
    ]);
    expect(validateRequest(next, finished, [finished])).toBeUndefined();
  });

  it('asks for no thinking blocks back from a request that turns thinking off', () => {
    const off = {
      ...sendingBack([use]),
      model: 'claude-sonnet-4-6',
      thinking: { type: 'disabled' },
    };
    expect(validateRequest(off, calling, [calling])).toBeUndefined();
  });

  it('names a thinking block without its signature in the schema’s words', () => {
    const unsigned = { type: 'thinking', thinking: thought.thinking };
    expect(validateRequest(sendingBack([unsigned, use]), calling, [calling])?.message).toBe(
      'messages.1.content.0.thinking.signature: Field required',
    );
  });
});

describe('the request’s thinking setting', () => {
  const asked = (thinking: unknown, extra: Record<string, unknown> = {}) =>
    validateRequest({ ...body([asking]), thinking, ...extra })?.message;

  it('accepts what claude-sonnet-5-5 takes', () => {
    expect(asked({ type: 'adaptive' })).toBeUndefined();
    expect(asked({ type: 'adaptive', display: 'omitted' })).toBeUndefined();
    expect(asked({ type: 'between_tools' })).toBeUndefined();
    expect(asked(undefined)).toBeUndefined();
  });

  it.each([
    [
      'a string',
      'on',
      'thinking: Input should be a valid dictionary or object to extract fields from',
    ],
    ['no type', {}, "thinking: Unable to extract tag using discriminator 'type'"],
    [
      'an unknown type',
      { type: 'auto' },
      "thinking: Input tag 'auto' found using 'type' does not match any of the expected tags: 'enabled', 'disabled', 'between_tools', 'adaptive'",
    ],
    [
      'a budget with adaptive',
      { type: 'adaptive', budget_tokens: 2048 },
      'thinking.adaptive.budget_tokens: Extra inputs are not permitted',
    ],
    [
      'an unknown display',
      { type: 'adaptive', display: 'full' },
      "thinking.adaptive.display: Input should be 'summarized' or 'omitted'",
    ],
    ['a budget missing', { type: 'enabled' }, 'thinking.enabled.budget_tokens: Field required'],
    [
      'a budget under 1,024',
      { type: 'enabled', budget_tokens: 512 },
      'thinking.enabled.budget_tokens: Input should be greater than or equal to 1024',
    ],
    [
      'budgets on claude-sonnet-5-5',
      { type: 'enabled', budget_tokens: 2048 },
      '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
    ],
    [
      'disabled on claude-sonnet-5-5',
      { type: 'disabled' },
      '"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" to turn off up-front thinking.',
    ],
  ])('refuses %s', (_name, thinking, message) => {
    expect(asked(thinking)).toBe(message);
  });

  it('refuses a budget of max_tokens or more where budgets are taken', () => {
    const older = { model: 'claude-sonnet-4-6', max_tokens: 2048 };
    expect(asked({ type: 'enabled', budget_tokens: 2048 }, older)).toBe(
      '`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size',
    );
    expect(asked({ type: 'enabled', budget_tokens: 2047 }, older)).toBeUndefined();
  });

  it('knows which models take which thinking', () => {
    expect(thinkingSupport('claude-sonnet-5-5')?.accepts).toEqual(['adaptive', 'between_tools']);
    expect(thinkingSupport('claude-opus-5-5')?.accepts).toEqual(['adaptive']);
    expect(thinkingSupport('claude-opus-4-7')?.accepts).toEqual(['adaptive', 'disabled']);
    expect(thinkingSupport('claude-sonnet-4-6')?.accepts).toEqual([
      'enabled',
      'adaptive',
      'disabled',
    ]);
    expect(thinkingSupport('claude-haiku-4-5-20251001')?.accepts).toEqual(['enabled', 'disabled']);
    expect(thinkingSupport('claude-mythos-preview')).toBeUndefined();
    expect(thinkingOn(undefined)).toBe(true);
    expect(thinkingOn({ type: 'between_tools' })).toBe(true);
    expect(thinkingOn({ type: 'disabled' })).toBe(false);
  });
});
