import { describe, expect, it } from 'vitest';
import { canonicalizeRequest, conversationKey, sentPath, valueAt } from './canonical-request.ts';
import {
  echoCassette,
  echoRequests,
  echoTools,
  prompt,
  request,
  send,
  toolResult,
} from './test-conversation.ts';

describe('canonicalizeRequest', () => {
  it('spells every content as blocks and drops is_error: false', () => {
    const sent = request([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      {
        role: 'user',
        content: [toolResult('t1', 'out', { is_error: false }), toolResult('t2', '')],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't3' },
          toolResult('t4', 'x', { is_error: true }),
        ],
      },
    ]);
    expect(canonicalizeRequest(sent).messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello' }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'out' }] },
          { type: 'tool_result', tool_use_id: 't2', content: [] },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 't3', content: [] },
          {
            type: 'tool_result',
            tool_use_id: 't4',
            content: [{ type: 'text', text: 'x' }],
            is_error: true,
          },
        ],
      },
    ]);
  });

  it('leaves the request it was given alone', () => {
    const sent = request([{ role: 'user', content: 'Hi' }]);
    canonicalizeRequest(sent);
    expect(sent.messages).toEqual([{ role: 'user', content: 'Hi' }]);
  });
});

describe('sentPath', () => {
  const sent = { messages: [{ role: 'user', content: 'Hi' }] };

  it.each([
    [
      ['messages', 0, 'content', 0, 'text'],
      ['messages', 0, 'content'],
    ],
    [
      ['messages', 0, 'role'],
      ['messages', 0, 'role'],
    ],
    [
      ['messages', 1],
      ['messages', 1],
    ],
    [
      ['messages', 0, 'name', 'first'],
      ['messages', 0, 'name'],
    ],
  ])('follows %j as far as the request goes', (canonical, path) => {
    expect(sentPath(sent, canonical)).toEqual(path);
  });

  it('reads values where the path leads, and undefined past its end', () => {
    expect(valueAt(sent, ['messages', 0, 'content'])).toBe('Hi');
    expect(valueAt(sent, ['messages', 0, 'content', 0])).toBeUndefined();
    expect(valueAt({}, ['toString'])).toBeUndefined();
  });
});

describe('the cassette treats as the same request', () => {
  it.each([
    [
      'string content and one text block',
      1,
      request([{ role: 'user', content: [{ type: 'text', text: prompt }] }]),
    ],
    [
      'a string tool result and one text block',
      2,
      echoRequests(toolResult('toolu_01Echo', [{ type: 'text', text: 'hello' }]))[1],
    ],
    [
      'is_error: false and no is_error',
      2,
      echoRequests(toolResult('toolu_01Echo', 'hello', { is_error: false }))[1],
    ],
    [
      'keys in any order',
      1,
      {
        messages: [{ content: prompt, role: 'user' }],
        tools: echoTools(),
        max_tokens: 1024,
        model: 'claude-sonnet-5-5',
      },
    ],
  ] as const)('%s', (_name, number, body) => {
    expect(send(echoCassette(), number, body)).toBeUndefined();
  });

  it('blocks in the recording and a string in the request', () => {
    const cassette = echoCassette(toolResult('toolu_01Echo', [{ type: 'text', text: 'hello' }]));
    expect(send(cassette, 2, echoRequests()[1])).toBeUndefined();
  });
});

describe('conversationKey', () => {
  const task = 'Fix the failing test.';
  it('names a conversation by its first message, whatever cache marks it carries', () => {
    const marked = [
      {
        role: 'user',
        content: [{ type: 'text', text: task, cache_control: { type: 'ephemeral' } }],
      },
    ];
    expect(conversationKey(marked)).toBe(conversationKey([{ role: 'user', content: task }]));
  });
  it('tells two first messages apart', () => {
    expect(conversationKey([{ role: 'user', content: task }])).not.toBe(
      conversationKey([{ role: 'user', content: 'Read the README.' }]),
    );
  });
});
