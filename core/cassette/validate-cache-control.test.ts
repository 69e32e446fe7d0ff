import { describe, expect, it } from 'vitest';
import { echoRequests, echoTools, prompt, request, toolResult } from './test-conversation.ts';
import { validateRequest } from './validate-request.ts';

const mark = { type: 'ephemeral' };
const hour = { type: 'ephemeral', ttl: '1h' };

/** The echo conversation's second request, its result (the last block) marked with `value`. */
function markedResult(value: unknown) {
  return echoRequests(toolResult('toolu_01Echo', 'hello', { cache_control: value }))[1];
}

/** The first request with its prompt as one text block marked with `value`. */
function markedPrompt(value: unknown, text = prompt) {
  return request([{ role: 'user', content: [{ type: 'text', text, cache_control: value }] }]);
}

const messageOf = (body: unknown) => validateRequest(body)?.message;

describe('validateRequest accepts cache breakpoints', () => {
  it.each([
    ['on the last block', markedResult(mark)],
    ['with a ttl of 5m', markedResult({ type: 'ephemeral', ttl: '5m' })],
    ['with a ttl of 1h', markedResult(hour)],
    ['set to null (none)', markedResult(null)],
    ['on a string prompt turned into a block', markedPrompt(mark)],
    [
      'four of them, tools and system included, 1h before 5m',
      {
        ...markedResult(mark),
        tools: echoTools().map((tool) => ({ ...tool, cache_control: hour })),
        system: [{ type: 'text', text: 'You echo.', cache_control: hour }],
        messages: [
          { role: 'user', content: [{ type: 'text', text: prompt, cache_control: mark }] },
          ...(markedResult(mark).messages as unknown[]).slice(1),
        ],
      },
    ],
    ['at the top level (automatic caching)', { ...echoRequests()[1], cache_control: mark }],
  ])('%s', (_name, body) => {
    expect(validateRequest(body)).toBeUndefined();
  });
});

describe('validateRequest refuses a breakpoint, in the API words,', () => {
  it.each([
    [
      'of another type',
      markedResult({ type: 'persistent' }),
      "messages.2.content.0.tool_result.cache_control.type: Input should be 'ephemeral'",
    ],
    [
      'without a type',
      markedPrompt({ ttl: '1h' }),
      'messages.0.content.0.text.cache_control.type: Field required',
    ],
    [
      'that is not an object',
      markedPrompt(true),
      'messages.0.content.0.text.cache_control: Input should be a valid dictionary or object to extract fields from',
    ],
    [
      'with another ttl',
      markedResult({ type: 'ephemeral', ttl: '10m' }),
      "messages.2.content.0.tool_result.cache_control.ttl: Input should be '5m' or '1h'",
    ],
    [
      'with a field of its own',
      markedResult({ type: 'ephemeral', scope: 'global' }),
      'messages.2.content.0.tool_result.cache_control.scope: Extra inputs are not permitted',
    ],
    [
      'on a tool definition, named as the API names tools',
      { ...echoRequests()[0], tools: [{ ...echoTools()[0], cache_control: { type: 'x' } }] },
      "tools.0.custom.cache_control.type: Input should be 'ephemeral'",
    ],
    [
      'at the top level',
      { ...echoRequests()[0], cache_control: { type: 'ephemeral', ttl: 5 } },
      "cache_control.ttl: Input should be '5m' or '1h'",
    ],
    [
      'on an empty text block, before the empty block itself',
      markedPrompt(mark, ''),
      'messages.0.content.0.text: cache_control cannot be set for empty text blocks',
    ],
    [
      'on an empty system block',
      { ...echoRequests()[0], system: [{ type: 'text', text: '', cache_control: mark }] },
      'system.0: cache_control cannot be set for empty text blocks',
    ],
    [
      'on a thinking block',
      request([
        { role: 'user', content: prompt },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'Echo it.', signature: 'c2ln', cache_control: mark },
            { type: 'text', text: 'hello' },
          ],
        },
        { role: 'user', content: 'Again.' },
      ]),
      'messages.1.content.0.thinking.cache_control: Extra inputs are not permitted',
    ],
  ])('%s', (_name, body, message) => {
    expect(messageOf(body)).toBe(message);
  });

  it('past four, counting the tools, the system prompt and a top-level mark', () => {
    const body = {
      ...markedResult(mark),
      cache_control: mark,
      tools: echoTools().map((tool) => ({ ...tool, cache_control: mark })),
      system: [
        { type: 'text', text: 'You echo.', cache_control: mark },
        { type: 'text', text: 'Briefly.', cache_control: mark },
      ],
    };
    expect(messageOf(body)).toBe(
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    );
  });

  it('one left on every earlier request, by the fifth', () => {
    const marked = (text: string) => [{ type: 'text', text, cache_control: mark }];
    const messages = ['one', 'two', 'three', 'four', 'five'].flatMap((word, i) => [
      ...(i > 0 ? [{ role: 'assistant', content: [{ type: 'text', text: `${word}?` }] }] : []),
      { role: 'user', content: marked(word) },
    ]);
    const issue = validateRequest(request(messages));
    expect(issue?.message).toBe(
      'A maximum of 4 blocks with cache_control may be provided. Found 5.',
    );
    expect(issue?.explanation).toContain('take the mark off the blocks earlier requests marked');
  });

  it('with a 1h ttl after a 5m one, naming the later block', () => {
    const body = {
      ...markedResult(hour),
      system: [{ type: 'text', text: 'You echo.', cache_control: mark }],
    };
    expect(messageOf(body)).toBe(
      "messages.2.content.0.cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: `tools`, `system`, `messages`.",
    );
  });

  it('inside a tool_result, counted and checked like any other', () => {
    const inner = [
      { type: 'text', text: 'hello', cache_control: { type: 'ephemeral', ttl: 'forever' } },
    ];
    expect(messageOf(echoRequests(toolResult('toolu_01Echo', inner))[1])).toBe(
      "messages.2.content.0.tool_result.content.0.text.cache_control.ttl: Input should be '5m' or '1h'",
    );
  });
});
