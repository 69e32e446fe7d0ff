import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import type { Turn } from '../grade/report.ts';
import { summarizeLive } from './summarize-live.ts';

const turn = (index: number, content: ApiResponse['content'], tools = 0): Turn => ({
  index,
  request: { messageCount: 1, newestMessage: null, raw: {} },
  response: {
    id: `msg_${index}`,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-5-5',
    content,
    stop_reason: content.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
    usage: { input_tokens: 10, output_tokens: 5 },
  },
  durationMs: 900,
  tools: Array.from({ length: tools }, () => ({ name: 'echo', input: {}, durationMs: 1 })),
});

describe('summarizeLive', () => {
  it('reads like the seed: turns, the tool calls the model asked for, seconds', () => {
    const turns = [
      turn(1, [
        { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Chicago' } },
      ]),
      turn(2, [{ type: 'text', text: 'Rainy.' }]),
    ];
    expect(summarizeLive({ status: 'pass', turns, durationMs: 1_790 })).toBe(
      '✓ 2 turns · 1 tool call · 1.8 s',
    );
    expect(summarizeLive({ status: 'error', turns: turns.slice(1), durationMs: 40 })).toBe(
      '✗ 1 turn · 0 tool calls · 0.0 s',
    );
  });

  it('counts the tools a harness ran when it ran more than the model asked for', () => {
    const turns = [turn(1, [{ type: 'text', text: 'x' }], 2)];
    expect(summarizeLive({ status: 'pass', turns, durationMs: 2_000 })).toBe(
      '✓ 1 turn · 2 tool calls · 2.0 s',
    );
  });
});
