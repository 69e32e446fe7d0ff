import { describe, expect, it } from 'vitest';
import type { CaseReport } from '../../../core/index.ts';
import { transcriptJson, transcriptText } from './transcript-text.ts';

const user = { role: 'user', content: 'Use the echo tool on "hello"' };
const reply = {
  role: 'assistant',
  content: [{ type: 'tool_use', id: 'toolu_1', name: 'echo', input: { text: 'hello' } }],
};
const results = {
  role: 'user',
  content: [{ type: 'tool_result', tool_use_id: 'toolu_2', content: 'hello' }],
};

const report: CaseReport = {
  name: 'echo',
  visible: true,
  description: 'One echo call',
  status: 'error',
  kind: 'cassette',
  message: 'Request #2 left the recording.\nHint: pair each result with its call.',
  turns: [
    {
      index: 1,
      request: { messageCount: 1, newestMessage: user, raw: { messages: [user] } },
      response: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-5-5',
        content: reply.content as never,
        stop_reason: 'tool_use',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      } as never,
      durationMs: 2.4,
      tools: [{ name: 'echo', input: { text: 'hello' }, output: 'hello', durationMs: 0.2 }],
    },
    {
      index: 2,
      request: {
        messageCount: 3,
        newestMessage: results,
        raw: { messages: [user, reply, results] },
      },
      rejection: {
        kind: 'divergence',
        requestNumber: 2,
        recorded: 2,
        status: 400,
        body: {
          type: 'error',
          error: { type: 'cassette_mismatch', message: 'Request #2 left the recording.' },
        },
        explanation: 'x',
      },
      durationMs: 1,
      tools: [],
    },
  ],
  console: [],
  consoleTruncated: false,
  durationMs: 40,
};

describe('transcriptText', () => {
  it('writes each turn: the roles and blocks sent, the reply, the tools run', () => {
    expect(transcriptText(report)).toBe(
      [
        'echo: error (cassette)',
        'Request #2 left the recording.',
        'Hint: pair each result with its call.',
        '',
        'Turn 1 · stop_reason tool_use · 2 ms',
        '  → request: user',
        '    text: Use the echo tool on "hello"',
        '  ← tool_use echo({"text":"hello"}) toolu_1',
        '  · ran echo({"text":"hello"}) → hello',
        '',
        'Turn 2 · mismatch with the recording · 1 ms',
        '  → request: user · assistant · user',
        '    tool_result toolu_2 (answers no tool_use of the last reply): hello',
        '  ✗ Request #2 left the recording.',
        '',
        '✗ 2 turns · 1 tool call · 40 ms',
      ].join('\n'),
    );
  });

  it("writes where a request put its cache breakpoints, and the cache's counts", () => {
    const marked = {
      role: 'user',
      content: [{ type: 'text', text: 'Fix it.', cache_control: { type: 'ephemeral' } }],
    };
    const first = report.turns[0]!;
    const cached: CaseReport = {
      ...report,
      status: 'pass',
      kind: 'pass',
      turns: [
        {
          ...first,
          request: { messageCount: 1, newestMessage: marked, raw: { messages: [marked] } },
          response: {
            ...first.response!,
            usage: { input_tokens: 4, output_tokens: 45, cache_creation_input_tokens: 806 },
          },
        },
      ],
    };
    expect(transcriptText(cached).split('\n').slice(2, 6)).toEqual([
      'Turn 1 · stop_reason tool_use · 2 ms',
      '  → request: user',
      '    text: Fix it.',
      '  prompt cache: cache_control on messages[0].content[0] · 4 in · 806 cache write · 45 out',
    ]);
  });

  it('writes the error a stream was cut off by', () => {
    const [first] = report.turns;
    const cut = {
      ...first!,
      response: undefined,
      tools: [],
      error: {
        status: 200,
        body: {
          type: 'error' as const,
          error: { type: 'overloaded_error', message: 'Overloaded' },
        },
      },
    };
    expect(
      transcriptText({ ...report, turns: [cut] })
        .split('\n')
        .slice(4, 8),
    ).toEqual([
      'Turn 1 · 2 ms',
      '  → request: user',
      '    text: Use the echo tool on "hello"',
      '  ✗ stream cut off by an error event: overloaded_error: Overloaded',
    ]);
  });

  it('writes JSON that reads back to the turns', () => {
    const parsed = JSON.parse(transcriptJson(report)) as { case: string; turns: unknown[] };
    expect(parsed.case).toBe('echo');
    expect(parsed.turns).toEqual(JSON.parse(JSON.stringify(report.turns)));
  });
});

describe('a transcript of loops that take turns', () => {
  const ask = (text: string) => ({ role: 'user', content: text });
  const answered = (id: string, content: unknown[], stop: string) =>
    ({
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-5-5',
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: { input_tokens: 1, output_tokens: 1 },
    }) as never;
  const task = { type: 'tool_use', id: 'toolu_task', name: 'task', input: { prompt: 'Find it.' } };
  const report: CaseReport = {
    name: 'one-task',
    visible: true,
    description: 'A subagent',
    status: 'pass',
    kind: 'pass',
    message: '',
    turns: [
      {
        index: 1,
        request: {
          messageCount: 1,
          newestMessage: ask('Where is it?'),
          raw: { messages: [ask('Where is it?')] },
        },
        response: answered('msg_1', [task], 'tool_use'),
        durationMs: 1,
        tools: [],
      },
      {
        index: 2,
        request: {
          messageCount: 1,
          newestMessage: ask('Find it.'),
          raw: { messages: [ask('Find it.')] },
        },
        response: answered('msg_2', [{ type: 'text', text: 'Here.' }], 'end_turn'),
        durationMs: 1,
        tools: [],
      },
      {
        index: 3,
        request: {
          messageCount: 3,
          newestMessage: null,
          raw: {
            messages: [
              ask('Where is it?'),
              { role: 'assistant', content: [task] },
              {
                role: 'user',
                content: [{ type: 'tool_result', tool_use_id: 'toolu_task', content: 'Here.' }],
              },
            ],
          },
        },
        response: answered('msg_3', [{ type: 'text', text: 'It is here.' }], 'end_turn'),
        durationMs: 1,
        tools: [],
      },
    ],
    console: [],
    consoleTruncated: false,
    durationMs: 3,
  };

  it("names each call's conversation, and reads results against their own conversation's reply", () => {
    const text = transcriptText(report);
    expect(text).toContain(
      'Conversation 2 starts, with a history of its own: "Find it."\nTurn 2 · conversation 2',
    );
    expect(text).toContain('Turn 3 · conversation 1');
    expect(text).not.toContain('answers no tool_use of the last reply');
  });
});
