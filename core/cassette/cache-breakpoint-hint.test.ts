import { describe, expect, it } from 'vitest';
import { findDivergence } from './divergence.ts';
import { echoRequests, prompt, request, toolResult } from './test-conversation.ts';

const mark = { type: 'ephemeral' };

/** The echo conversation's second request with `cache_control` on its result, its last block. */
const rolling = (value: unknown = mark) =>
  echoRequests(toolResult('toolu_01Echo', 'hello', { cache_control: value }))[1];

/** The same, with the prompt marked too, as a loop that never takes a mark off sends it. */
function twoMarks() {
  const body = rolling();
  const messages = body.messages as Record<string, unknown>[];
  messages[0] = { role: 'user', content: [{ type: 'text', text: prompt, cache_control: mark }] };
  return body;
}

describe('findDivergence with cache breakpoints', () => {
  it.each([
    ['a default ttl spelled out', rolling({ type: 'ephemeral', ttl: '5m' })],
    ['the same mark', rolling()],
  ])('takes %s as the recorded mark', (_name, sent) => {
    expect(findDivergence(rolling(), sent)).toBeUndefined();
  });

  it('takes cache_control: null as no mark', () => {
    expect(findDivergence(echoRequests()[1], rolling(null))).toBeUndefined();
  });

  it('names a missing breakpoint by path, and where the recording has it', () => {
    const divergence = findDivergence(rolling(), echoRequests()[1]);
    expect(divergence?.path).toBe('messages[2].content[0].cache_control');
    expect(divergence?.difference).toBe('expected {"type":"ephemeral"} but it is missing');
    expect(divergence?.hint).toBe(
      "The recording's breakpoint is on messages[2].content[0], the last block of the request. Mark it with cache_control on every request (a message whose content is a string goes as one text block that carries the mark).",
    );
  });

  it('names a prompt sent as a string where the recording marks it', () => {
    const recorded = request([
      { role: 'user', content: [{ type: 'text', text: prompt, cache_control: mark }] },
    ]);
    const divergence = findDivergence(recorded, request([{ role: 'user', content: prompt }]));
    expect(divergence?.path).toBe('messages[0].content');
    expect(divergence?.hint).toContain(
      'a message whose content is a string goes as one text block',
    );
  });

  it('names a mark an earlier request left, before the newest', () => {
    const divergence = findDivergence(rolling(), twoMarks());
    expect(divergence?.path).toBe('messages[0].content[0].cache_control');
    expect(divergence?.hint).toBe(
      "The recording's breakpoint is on messages[2].content[0], the last block of the request. This block carries a mark the recording does not have: a request marks only its last block, and the marks earlier requests placed come off (the API looks back from the newest mark for what they cached).",
    );
  });

  it('names a mark where the recording caches nothing', () => {
    const divergence = findDivergence(echoRequests()[1], rolling());
    expect(divergence?.hint).toBe(
      'The recording marks no block of the conversation: this loop sends its requests without cache_control. Mark blocks only when the loop is asked to cache.',
    );
  });

  it("names a mark whose ttl is not the recording's", () => {
    const divergence = findDivergence(rolling({ type: 'ephemeral', ttl: '1h' }), rolling());
    expect(divergence?.path).toBe('messages[2].content[0].cache_control.ttl');
    expect(divergence?.hint).toBe(
      'The recording\'s breakpoint is on messages[2].content[0] (1h), the last block of the request. Its cache_control differs from the recording\'s ({"type":"ephemeral","ttl":"1h"}): mark the block with the value the loop was given, ttl and all.',
    );
  });
});
