import { describe, expect, it } from 'vitest';
import { requestRoles, sentBlocks, sentMessages } from './request-view.ts';

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
