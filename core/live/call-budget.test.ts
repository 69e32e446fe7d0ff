import { describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { inputTokensAtMost, utf8Length } from './call-budget.ts';

const tools = [{ name: 'echo', description: 'Echoes.', input_schema: { type: 'object' } }];
const first: ApiRequest = {
  model: 'claude-sonnet-5-5',
  max_tokens: 1024,
  system: 'Be brief.',
  tools,
  messages: [{ role: 'user', content: 'Say hi with echo.' }],
};
const reply: ApiResponse = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [{ type: 'tool_use', id: 'toolu_01', name: 'echo', input: { text: 'hi' } }],
  stop_reason: 'tool_use',
  usage: { input_tokens: 300, output_tokens: 20 },
};
const added = [
  { role: 'assistant', content: reply.content },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'hi' }] },
];
const second: ApiRequest = { ...first, messages: [...(first['messages'] as unknown[]), ...added] };

const bytes = (value: unknown) => utf8Length(JSON.stringify(value));

describe('inputTokensAtMost', () => {
  it("bounds a first call by its prompt's bytes and the API's tool prompt", () => {
    const { system, messages } = first;
    expect(inputTokensAtMost(first)).toBe(bytes({ system, tools, messages }) + 600);
    const { tools: _none, ...plain } = first;
    expect(inputTokensAtMost(plain)).toBe(bytes({ system, messages }));
  });

  it("bounds a call that carries on the last by that call's input and the bytes added since", () => {
    expect(inputTokensAtMost(second, { request: first, response: reply })).toBe(300 + bytes(added));
    const cached = { ...reply, usage: { ...reply.usage, cache_read_input_tokens: 5_000 } };
    expect(inputTokensAtMost(second, { request: first, response: cached })).toBe(
      Math.min(5_300 + bytes(added), inputTokensAtMost(second)),
    );
    // Another system prompt is another conversation: its whole bytes again.
    const other = { ...second, system: 'Be long.' };
    expect(inputTokensAtMost(other, { request: first, response: reply })).toBe(
      inputTokensAtMost(other),
    );
  });

  it('counts text by its UTF-8 bytes, which no token is shorter than', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
  });
});
