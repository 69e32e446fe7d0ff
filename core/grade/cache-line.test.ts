import { describe, expect, it } from 'vitest';
import type { Turn } from './report.ts';
import { cacheLine } from './cache-line.ts';

const mark = { type: 'ephemeral' };

function turn(raw: Record<string, unknown>, usage?: Record<string, number>): Turn {
  const messages = Array.isArray(raw.messages) ? raw.messages : [];
  return {
    index: 2,
    request: { messageCount: messages.length, newestMessage: messages.at(-1), raw },
    durationMs: 3,
    tools: [],
    ...(usage && {
      response: {
        id: 'msg_01',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: [],
        stop_reason: 'end_turn',
        usage: { input_tokens: 0, output_tokens: 0, ...usage },
      },
    }),
  } as Turn;
}

describe('cacheLine', () => {
  it('names every breakpoint of the request and what the cache did', () => {
    const raw = {
      system: [{ type: 'text', text: 'You fix bugs.', cache_control: mark }],
      messages: [
        { role: 'user', content: 'Fix it.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'x', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: 'a' },
            { type: 'text', text: 'and b', cache_control: { type: 'ephemeral', ttl: '1h' } },
          ],
        },
      ],
    };
    const usage = {
      input_tokens: 6,
      output_tokens: 85,
      cache_read_input_tokens: 3204,
      cache_creation_input_tokens: 410,
    };
    expect(cacheLine(turn(raw, usage))).toBe(
      'cache_control on system[0], messages[2].content[1] (1h) · 6 in · 3,204 cache read · 410 cache write · 85 out',
    );
  });

  it('shows a refused request with marks, and a reply that read the cache with none', () => {
    const raw = { cache_control: mark, messages: [{ role: 'user', content: 'Hi' }] };
    expect(cacheLine(turn(raw))).toBe('cache_control on the request (automatic)');
    const unmarked = { messages: [{ role: 'user', content: 'Hi' }] };
    expect(cacheLine(turn(unmarked, { input_tokens: 4, cache_read_input_tokens: 900 }))).toBe(
      'no cache_control · 4 in · 900 cache read · 0 out',
    );
  });

  it('says nothing for a turn that has nothing to do with the cache', () => {
    const raw = { messages: [{ role: 'user', content: 'Hi' }] };
    expect(cacheLine(turn(raw, { input_tokens: 400, output_tokens: 9 }))).toBeUndefined();
  });
});
