import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import { callingEcho, finished, prompt, request } from './test-conversation.ts';
import { refusesPrefill } from './validate-prefill.ts';
import { validateRequest } from './validate-request.ts';

const user = (content: unknown) => ({ role: 'user', content });
const assistant = (content: unknown) => ({ role: 'assistant', content });
const refusal =
  'This model does not support assistant message prefill. The conversation must end with a user message.';

/** A reply the API paused: the turn is not over, and goes back as the last message. */
function paused(): ApiResponse {
  return {
    ...finished(),
    id: 'msg_01Paused',
    content: [{ type: 'text', text: 'Searching the archive first.' }],
    stop_reason: 'pause_turn',
  };
}

describe('refusesPrefill', () => {
  it.each([
    ['claude-sonnet-5-5', true],
    ['claude-opus-4-6', true],
    ['claude-sonnet-5', true],
    ['claude-haiku-5-5', true],
    ['claude-opus-4-6-20260205', true],
    ['claude-sonnet-4-5', false],
    ['claude-sonnet-4-5-20250929', false],
    ['claude-opus-4-20250514', false],
    ['claude-3-7-sonnet-20250219', false],
  ])('%s: %s', (model, refuses) => {
    expect(refusesPrefill(model)).toBe(refuses);
  });
});

describe('a conversation that ends with the assistant', () => {
  it.each([
    ['with text', [user(prompt), assistant('Sure:')]],
    ['empty', [user(prompt), assistant([])]],
    ['after a finished reply', [user(prompt), assistant(finished().content)]],
  ])('is refused in the API words, %s', (_name, messages) => {
    expect(validateRequest(request(messages))?.message).toBe(refusal);
  });

  it('is refused after the tool pairing, which names the unanswered call first', () => {
    const issue = validateRequest(request([user(prompt), assistant(callingEcho().content)]));
    expect(issue?.message).toContain('`tool_use` ids were found without `tool_result` blocks');
  });

  it('is accepted when it is the paused turn, sent back as it came', () => {
    const turn = paused();
    const body = request([user(prompt), assistant(turn.content)]);
    expect(validateRequest(body, turn)).toBeUndefined();
  });

  it('is accepted with the paused turn as a string of the same text', () => {
    const body = request([user(prompt), assistant('Searching the archive first.')]);
    expect(validateRequest(body, paused())).toBeUndefined();
  });

  it('is refused when the paused turn comes back changed, and says how to resume', () => {
    const body = request([user(prompt), assistant('Searching the archive first. Continue.')]);
    const issue = validateRequest(body, paused());
    expect(issue).toEqual({
      message: refusal,
      explanation:
        'The request ends with an assistant message that is not the paused turn: to resume after pause_turn, send the paused reply back exactly as it came, as the last message, with nothing added to it.',
    });
  });

  it('is refused when the last response had ended its turn, and says the loop should have stopped', () => {
    const turn = { ...paused(), stop_reason: 'end_turn' as const };
    const body = request([user(prompt), assistant(turn.content)]);
    expect(validateRequest(body, turn)).toEqual({
      message: refusal,
      explanation:
        'The model had ended its turn (stop_reason "end_turn"), and the loop called it again with that reply as the last message: stop when stop_reason is not "tool_use". (Claude 4.6 and later refuse a request that ends with an assistant message.)',
    });
  });
});
