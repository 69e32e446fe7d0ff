import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../core/index.ts';
import { cacheProblems, continues, estimateCachedInput } from './cache-usage.ts';

const mark = { type: 'ephemeral' };
const model = 'claude-sonnet-5-5';
const tools = [
  {
    name: 'read_file',
    description: 'Reads a text file of the workspace.',
    input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
];
/** A prompt long enough that the first request's prefix is past sonnet 5.5's minimum of 512. */
const prompt = `Fix the failing test. ${'The parser must keep quoted commas. '.repeat(30)}`;
const read = (id: string, path: string) => ({
  role: 'assistant',
  content: [{ type: 'tool_use', id, name: 'read_file', input: { path } }],
});
const result = (id: string, text: string, marked: boolean) => ({
  role: 'user',
  content: [
    { type: 'tool_result', tool_use_id: id, content: text, ...(marked && { cache_control: mark }) },
  ],
});
const file = 'export function parse(line: string) {\n  return line.split(",");\n}\n'.repeat(6);

/** The rolling breakpoint's requests: each marks its last block, and only that. */
function rolling() {
  const first = { role: 'user', content: [{ type: 'text', text: prompt, cache_control: mark }] };
  const plain = { role: 'user', content: prompt };
  return [
    { model, max_tokens: 1024, tools, messages: [first] },
    {
      model,
      max_tokens: 1024,
      tools,
      messages: [plain, read('toolu_1', 'a.ts'), result('toolu_1', file, true)],
    },
    {
      model,
      max_tokens: 1024,
      tools,
      messages: [
        plain,
        read('toolu_1', 'a.ts'),
        result('toolu_1', file, false),
        read('toolu_2', 'b.ts'),
        result('toolu_2', file, true),
      ],
    },
  ];
}

function reply(usage: ApiResponse['usage']): ApiResponse {
  return {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model,
    content: [],
    stop_reason: 'end_turn',
    usage,
  };
}

const calls = (requests: Record<string, unknown>[], usages: ApiResponse['usage'][]) =>
  requests.map((request, i) => ({ request, response: reply(usages[i]!) }));
const where = (i: number) => `call ${i + 1}`;

describe('estimateCachedInput', () => {
  const usages = estimateCachedInput(rolling());

  it('writes the first prefix past the minimum, then reads what the request before wrote', () => {
    const [one, two, three] = usages.map((u) => ({ ...u, cache_creation: undefined }));
    expect(one?.cache_read_input_tokens).toBe(0);
    expect(one?.cache_creation_input_tokens).toBeGreaterThanOrEqual(512);
    expect(two?.cache_read_input_tokens).toBe(one?.cache_creation_input_tokens);
    expect(three?.cache_read_input_tokens).toBe(
      (two?.cache_read_input_tokens ?? 0) + (two?.cache_creation_input_tokens ?? 0),
    );
    // After a mark on the last block, only the reply's opening is uncached input.
    expect(usages.map((u) => u.input_tokens)).toEqual([4, 4, 4]);
    expect(usages[1]?.cache_creation).toEqual({
      ephemeral_5m_input_tokens: two?.cache_creation_input_tokens,
      ephemeral_1h_input_tokens: 0,
    });
  });

  it('leaves a request without marks as it was, and caches nothing below the minimum', () => {
    const [unmarked] = estimateCachedInput([
      { model, max_tokens: 1024, messages: [{ role: 'user', content: 'Hi' }] },
    ]);
    expect(unmarked).toEqual({ input_tokens: 352 });
    const short = {
      model,
      max_tokens: 1024,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: mark }] }],
    };
    expect(estimateCachedInput([short])[0]).toEqual({
      input_tokens: 372,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
    });
  });

  it('is what the conventions accept', () => {
    const output = { output_tokens: 20 };
    expect(
      cacheProblems(
        calls(
          rolling(),
          usages.map((u) => ({ ...u, ...output })),
        ),
        where,
      ),
    ).toEqual([]);
  });
});

describe('cacheProblems names', () => {
  const good = estimateCachedInput(rolling()).map((u) => ({ ...u, output_tokens: 20 }));
  const check = (edit: (usages: ApiResponse['usage'][]) => void, requests = rolling()) => {
    const usages = structuredClone(good);
    edit(usages);
    return cacheProblems(calls(requests, usages), where);
  };

  it('cache tokens on a request without marks', () => {
    const requests = rolling();
    requests[0]!.messages = [{ role: 'user', content: prompt }];
    const problems = check(() => {}, requests);
    expect(problems[0]).toBe(
      `call 1: the reply reports ${good[0]!.cache_creation_input_tokens} cache tokens, but the request marks no cache breakpoint`,
    );
  });

  it('a read no earlier request wrote, and a read of another size', () => {
    expect(
      check(
        (u) => (
          (u[0]!.cache_read_input_tokens = 5),
          (u[0]!.cache_creation_input_tokens! -= 5),
          (u[0]!.cache_creation!.ephemeral_5m_input_tokens -= 5)
        ),
      ),
    ).toEqual([
      'call 1: the reply reads 5 tokens from the cache, but no earlier request wrote a prefix of this one',
    ]);
    const wrote = good[0]!.cache_creation_input_tokens!;
    expect(
      check(
        (u) => (
          (u[1]!.cache_read_input_tokens = wrote - 1),
          (u[1]!.cache_creation_input_tokens! += 1),
          (u[1]!.cache_creation!.ephemeral_5m_input_tokens += 1)
        ),
      )[0],
    ).toBe(
      `call 2: the reply reads ${wrote - 1} tokens from the cache, but the longest prefix an earlier request wrote is ${wrote}`,
    );
  });

  it('nothing read where an earlier request wrote a prefix', () => {
    const problems = check((u) => {
      const read = u[1]!.cache_read_input_tokens!;
      u[1]!.cache_read_input_tokens = 0;
      u[1]!.cache_creation_input_tokens! += read;
      u[1]!.cache_creation!.ephemeral_5m_input_tokens += read;
    });
    expect(problems[0]).toBe(
      'call 2: the reply reads nothing from the cache, but an earlier request wrote a prefix of this one',
    );
  });

  it('input_tokens that counts the whole request, as if nothing were cached', () => {
    const problems = check((u) => (u[0]!.input_tokens = 700));
    expect(problems).toEqual([
      'call 1: input_tokens 700 counts only what follows the last breakpoint, about 4 tokens here',
    ]);
  });

  it('no write where the marked prefix is past the minimum, and a write below it', () => {
    expect(check((u) => (u[0] = { input_tokens: 700, output_tokens: 20 }))[0]).toBe(
      `call 1: the request marks a prefix of about 696 tokens, past the minimum of 512 for ${model}, but the reply reports no cache write or read`,
    );
    expect(
      check(
        (u) =>
          (u[0] = {
            input_tokens: 4,
            output_tokens: 20,
            cache_creation_input_tokens: 300,
            cache_read_input_tokens: 0,
          }),
      )[0],
    ).toBe(`call 1: the cache holds a prefix of 300 tokens, below the minimum of 512 for ${model}`);
  });

  it('a split by lifetime that does not add up, or asks for a ttl no mark has', () => {
    expect(check((u) => (u[0]!.cache_creation!.ephemeral_5m_input_tokens -= 1))).toEqual([
      `call 1: cache_creation's 5m and 1h counts do not add up to cache_creation_input_tokens ${good[0]!.cache_creation_input_tokens}`,
    ]);
    expect(
      check((u) => {
        const split = u[0]!.cache_creation!;
        split.ephemeral_1h_input_tokens = split.ephemeral_5m_input_tokens;
        split.ephemeral_5m_input_tokens = 0;
      }),
    ).toEqual(["call 1: the cache wrote 1-hour tokens, but no mark asks for ttl '1h'"]);
  });
});

describe('continues', () => {
  it('holds for a request that sends the one before it and more, marks aside', () => {
    const [first, second, third] = rolling();
    expect(continues(first!, second!)).toBe(true);
    expect(continues(second!, third!)).toBe(true);
    expect(continues(third!, second!)).toBe(false);
    const summary = {
      ...third!,
      messages: [{ role: 'user', content: 'Summary: a.ts read.' }, ...third!.messages.slice(3)],
    };
    expect(continues(third!, summary)).toBe(false);
  });
});
