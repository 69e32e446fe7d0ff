import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import { conversationsOf } from './conversations.ts';
import type { Turn } from './report.ts';

const reply = (id: string): ApiResponse => ({
  id,
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [{ type: 'text', text: 'ok' }],
  stop_reason: 'end_turn',
  usage: { input_tokens: 400, output_tokens: 10 },
});

function turn(index: number, raw: Record<string, unknown>, id: string): Turn {
  const messages = raw.messages as unknown[];
  return {
    index,
    request: { messageCount: messages.length, newestMessage: messages.at(-1), raw },
    response: reply(id),
    durationMs: 1,
    tools: [],
  };
}

const user = (text: string) => ({ role: 'user', content: text });

describe('conversationsOf', () => {
  it("tells an agent's calls from its subagents', by the first message of each request", () => {
    const agent = user('Which discount codes does the shop accept?');
    const sub = user('Find every discount code.');
    const turns = [
      turn(1, { messages: [agent] }, 'msg_1'),
      turn(
        2,
        { messages: [{ role: 'user', content: [{ type: 'text', text: sub.content }] }] },
        'msg_2',
      ),
      turn(3, { messages: [sub, { role: 'assistant', content: [] }, user('x')] }, 'msg_3'),
      turn(4, { messages: [agent, { role: 'assistant', content: [] }, user('y')] }, 'msg_4'),
    ];
    expect(conversationsOf(turns).map((c) => [c.conversation, c.starts, c.previous])).toEqual([
      [1, true, undefined],
      [2, true, undefined],
      [2, false, 1],
      [1, false, 0],
    ]);
    expect(conversationsOf(turns)[1]?.opening).toBe('Find every discount code.');
  });

  it('keeps a threaded continue in the conversation of the reply it continues', () => {
    const turns = [
      turn(1, { messages: [user('Weather in Chicago?')], thread: { type: 'create' } }, 'msg_1'),
      turn(
        2,
        {
          messages: [
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't', content: '4°C' }] },
          ],
          thread: { type: 'continue', previous_message_id: 'msg_1' },
        },
        'msg_2',
      ),
    ];
    expect(conversationsOf(turns).map((c) => c.conversation)).toEqual([1, 1]);
  });
});
