import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../api/messages.ts';
import type { RunEvent } from '../run/events.ts';
import { buildTurns, summarizeTurns } from './transcript.ts';

const twoCalls: ApiResponse = {
  id: 'msg_01Two',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [
    { type: 'text', text: "I'll check both cities." },
    { type: 'tool_use', id: 'toolu_01M', name: 'get_weather', input: { city: 'Miami' } },
    { type: 'tool_use', id: 'toolu_01S', name: 'get_weather', input: { city: 'Atlantis' } },
  ],
  stop_reason: 'tool_use',
  usage: { input_tokens: 417, output_tokens: 83 },
};
const answer: ApiResponse = {
  ...twoCalls,
  id: 'msg_01Done',
  content: [{ type: 'text', text: 'Miami is warmer.' }],
  stop_reason: 'end_turn',
};
const asking = { role: 'user', content: 'Miami or Atlantis?' };
const results = {
  role: 'user',
  content: [
    { type: 'tool_result', tool_use_id: 'toolu_01M', content: '29°C' },
    { type: 'tool_result', tool_use_id: 'toolu_01S', content: 'no data', is_error: true },
  ],
};
const call = (index: number, messages: unknown[], response: ApiResponse): RunEvent => ({
  type: 'model-call',
  index,
  request: { messages },
  response,
  at: 0,
  durationMs: 1,
});

describe('buildTurns', () => {
  it("counts the tool calls a harness leaves to the learner's code (the-agent) from their results", () => {
    const turns = buildTurns([
      call(1, [asking], twoCalls),
      call(2, [asking, { role: 'assistant', content: twoCalls.content }, results], answer),
    ]);
    expect(turns.map((t) => t.tools)).toEqual([
      [
        {
          name: 'get_weather',
          input: { city: 'Miami' },
          output: '29°C',
          durationMs: 0,
          from: 'tool_result',
        },
        {
          name: 'get_weather',
          input: { city: 'Atlantis' },
          output: 'no data',
          durationMs: 0,
          from: 'tool_result',
          isError: true,
        },
      ],
      [],
    ]);
    expect(summarizeTurns('pass', turns, 12)).toBe('✓ 2 turns · 2 tool calls · 12 ms');
  });

  it('counts what the harness ran, when it ran tools', () => {
    const turns = buildTurns([
      call(1, [asking], twoCalls),
      {
        type: 'tool',
        name: 'get_weather',
        input: { city: 'Miami' },
        output: '29°C',
        at: 1,
        durationMs: 2,
      },
      call(2, [asking, { role: 'assistant', content: twoCalls.content }, results], answer),
    ]);
    expect(turns.map((t) => t.tools.length)).toEqual([1, 0]);
  });

  it('does not count a tool_use the code never answered', () => {
    expect(buildTurns([call(1, [asking], twoCalls)])[0]?.tools).toEqual([]);
  });
});
