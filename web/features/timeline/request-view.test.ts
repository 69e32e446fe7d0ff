import { describe, expect, it } from 'vitest';
import { requestRoles, sentBack, sentBlocks, sentMessages } from './request-view.ts';

describe('requestRoles', () => {
  it.each([
    [
      { messages: [{ role: 'user' }, { role: 'assistant' }, { role: 'user' }] },
      ['user', 'assistant', 'user'],
    ],
    [{ messages: [{ role: 'user' }, { content: 'x' }, 7] }, ['user', '?', '?']],
    [{ messages: 'nope' }, []],
    [null, []],
  ])('%j has roles %j', (raw, roles) => {
    expect(requestRoles(raw)).toEqual(roles);
  });
});

describe('sentBlocks', () => {
  it('reads the tool_results sent back and says whether each answers the last reply', () => {
    const newest = {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: 'hello' },
        {
          type: 'tool_result',
          tool_use_id: 'toolu_9',
          content: [{ type: 'text', text: 'no such file' }],
          is_error: true,
        },
        { type: 'text', text: 'and then' },
        { type: 'image' },
      ],
    };
    expect(sentBlocks(newest, ['toolu_1', 'toolu_2'])).toEqual([
      {
        type: 'tool_result',
        toolUseId: 'toolu_1',
        isError: false,
        content: 'hello',
        answers: true,
      },
      {
        type: 'tool_result',
        toolUseId: 'toolu_9',
        isError: true,
        content: 'no such file',
        answers: false,
      },
      { type: 'text', text: 'and then' },
      { type: 'other', name: 'image' },
    ]);
  });

  it.each([
    ['a string', { role: 'user', content: 'hi' }, [{ type: 'text', text: 'hi' }]],
    ['an assistant message', { role: 'assistant', content: [{ type: 'text', text: 'x' }] }, []],
    ['no content', { role: 'user' }, []],
    ['nothing', undefined, []],
  ])('reads %s', (_what, newest, blocks) => {
    expect(sentBlocks(newest)).toEqual(blocks);
  });

  it('does not judge ids on the first request', () => {
    const newest = {
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'a', content: '' }],
    };
    expect(sentBlocks(newest)).toMatchObject([{ answers: undefined }]);
  });
});

describe('sentMessages', () => {
  const user = (text: string) => ({ role: 'user', content: text });
  const reply = { role: 'assistant', content: [] };
  it.each([
    ['the first request: its newest message', [user('a')], [0]],
    ['one message after the reply', [user('a'), reply, user('b')], [2]],
    ['results split over two messages', [user('a'), reply, user('b'), user('c')], [2, 3]],
    ['a request that ends with the reply (prefill)', [user('a'), reply], []],
  ])('%s', (_what, messages, indexes) => {
    expect(sentMessages({ messages }).map((m) => m.index)).toEqual(indexes);
  });
});

describe('sentBack', () => {
  const thinking = { type: 'thinking', thinking: 'Chicago.', signature: 'EqQB' };
  const use = { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Chicago' } };
  const reply = { content: [thinking, use] };
  const ask = { role: 'user', content: 'Weather in Chicago?' };
  const results = { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1' }] };
  const request = (content: unknown) => ({
    messages: [ask, { role: 'assistant', content }, results],
  });

  it('is nothing when the reply went back as it came, keys in any order', () => {
    const reordered = { signature: 'EqQB', type: 'thinking', thinking: 'Chicago.' };
    expect(sentBack(request([reordered, use]), reply, 1)).toBeUndefined();
  });

  it('names the blocks sent and the reply’s, and where they first differ', () => {
    expect(sentBack(request([use]), reply, 1)).toEqual({
      index: 1,
      sent: ['tool_use'],
      reply: ['thinking', 'tool_use'],
      at: '[0].type',
    });
    expect(sentBack(request([{ ...thinking, signature: '' }, use]), reply, 1)?.at).toBe(
      '[0].signature',
    );
  });

  it('is nothing for an assistant message the request before already had (a retry)', () => {
    expect(sentBack(request([use]), reply, 3)).toBeUndefined();
  });
});
