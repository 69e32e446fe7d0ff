import { describe, expect, it } from 'vitest';
import type { CaseReport, Turn } from '../grade/report.ts';
import { placeholdersOf } from '../lesson/failure-fact-names.ts';
import { quoteMark, spellOut } from '../lesson/quoted-text.ts';
import { tutorSchema, type Tutor } from '../lesson/tutor-schema.ts';
import { explainFailure } from './explain-failure.ts';
import { failureFacts, quoteFacts } from './failure-facts.ts';

const prompt = { role: 'user', content: 'Say hello with the echo tool.' };
const toolUse = { type: 'tool_use', id: 'toolu_01A', name: 'echo', input: { text: 'hello' } };
const result = { type: 'tool_result', tool_use_id: 'toolu_01A', content: 'hello' };

function turn(index: number, messages: unknown[], rest: Partial<Turn> = {}): Turn {
  return {
    index,
    request: { messageCount: messages.length, newestMessage: messages.at(-1), raw: { messages } },
    durationMs: 1,
    tools: [],
    ...rest,
  };
}

function report(kind: CaseReport['kind'], message: string, rest: Partial<CaseReport> = {}) {
  return {
    name: 'echo',
    visible: true,
    description: 'd',
    status: kind === 'pass' ? 'pass' : 'error',
    kind,
    message,
    turns: [],
    console: [],
    consoleTruncated: false,
    durationMs: 1,
    ...rest,
  } satisfies CaseReport;
}

const reply = { content: [toolUse] } as unknown as Turn['response'];

/** The API's refusal of request #2, with its error message. */
function refused(message: string): NonNullable<Turn['rejection']> {
  return {
    kind: 'invalid-request',
    requestNumber: 2,
    recorded: 2,
    status: 400,
    body: { type: 'error', error: { type: 'invalid_request_error', message } },
    explanation: 'e',
  };
}

/** The learner dropped the assistant's reply: request #2 is user · user. */
const droppedReply = report(
  'api',
  'Request #2 would get 400 invalid_request_error from the API: messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01A. Each …',
  {
    turns: [
      turn(1, [prompt], { response: reply }),
      turn(2, [prompt, { role: 'user', content: [result] }], {
        rejection: refused(
          'messages.1.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01A.',
        ),
      }),
    ],
  },
);

/** One message per result: request #2 left the recording at messages[2].content[1]. */
const split = report(
  'cassette',
  'Request #2 of 2 left the recorded conversation … ONE user message …',
  {
    turns: [
      turn(1, [prompt], { response: reply }),
      turn(
        2,
        [prompt, { role: 'assistant', content: [toolUse] }, { role: 'user', content: [result] }],
        {
          rejection: {
            kind: 'divergence',
            requestNumber: 2,
            recorded: 2,
            status: 400,
            body: { type: 'error', error: { type: 'cassette_mismatch', message: 'm' } },
            explanation: 'e',
            path: 'messages[2].content[1]',
            expected: { type: 'tool_result', tool_use_id: 'toolu_01B', content: 'pong' },
            actual: undefined,
          },
        },
      ),
    ],
  },
);

const threw = report('runtime', 'Error: cannot send results (at src/loop.ts:27:35)', {
  frames: [
    { file: 'src/loop.ts', line: 27, column: 35 },
    { file: 'program.ts', line: 9, column: 3 },
  ],
});

describe('failureFacts', () => {
  it('reads the refused request: its number, its roles, its newest message and the block', () => {
    expect(failureFacts(droppedReply)).toEqual({
      case: 'echo',
      calls: '1',
      request: '2',
      recorded: '2',
      messages: '2',
      roles: 'user · user',
      newest: 'user [tool_result]',
      toolUseId: 'toolu_01A',
      path: 'messages.1.content.0',
      block: '{"type":"tool_result","tool_use_id":"toolu_01A","content":"hello"}',
    });
  });

  it('reads where a request left the recording, and what was expected there', () => {
    expect(failureFacts(split)).toMatchObject({
      request: '2',
      roles: 'user · assistant · user',
      path: 'messages[2].content[1]',
      expected: '{"type":"tool_result","tool_use_id":"toolu_01B","content":"pong"}',
      actual: 'nothing',
      block: '{"type":"tool_result","tool_use_id":"toolu_01B","content":"pong"}',
    });
  });

  it('reads a thrown error and the learner’s own line', () => {
    expect(failureFacts(threw)).toEqual({
      case: 'echo',
      calls: '0',
      error: 'Error: cannot send results',
      at: 'src/loop.ts:27',
    });
  });

  it('reads the first difference of a printed result as it is, and shortens long values', () => {
    const long = 'x'.repeat(300);
    const facts = failureFacts(
      report('diff', 'trajectory[0].tool is missing', {
        diff: [{ path: 'trajectory[0]', kind: 'changed', expected: 1, actual: `a\`${long}` }],
      }),
    );
    expect(facts.path).toBe('trajectory[0]');
    expect(facts.actual).toBe(`"a\`${'x'.repeat(96)}…`);
  });
});

describe('quoteFacts', () => {
  it('marks every placeholder and quotes its fact beside the text, or gives up when one is unknown', () => {
    const told = quoteFacts('#{request} of `{error}`', {
      request: '2',
      error: 'x` <b>',
      calls: '1',
    });
    expect(told).toEqual({
      markdown: `#${quoteMark('request')} of \`${quoteMark('error')}\``,
      quoted: { request: '2', error: 'x` <b>' },
    });
    expect(spellOut(told!.markdown, told!.quoted)).toBe('#2 of `x` <b>`');
    expect(quoteFacts('#{request} at {at}', { request: '2' })).toBeUndefined();
    expect(placeholdersOf('{a} and { b } and {c}')).toEqual(['a', 'c']);
  });
});

const tutor: Tutor = tutorSchema.parse({
  walkthrough: [{ title: 't', body: 'b' }],
  hints: [
    { level: 'nudge', body: 'n' },
    { level: 'line', body: 'l' },
  ],
  experiments: [
    {
      id: 'drop-the-reply',
      title: 't',
      prompt: 'p',
      edit: { file: 'src/loop.ts', find: 'a', replace: '' },
      predictions: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
      correct: 'a',
      outcome: { case: 'echo', kind: 'api', says: 'x' },
      explanation: 'e',
    },
  ],
  questions: [{ id: 'timeout', question: 'q', answer: 'a' }],
  failures: [
    {
      when: { kind: 'api', says: 'unexpected `tool_use_id`', case: 'other-case' },
      opens: { hints: true },
      why: 'not this case',
    },
    {
      when: { kind: 'api', says: 'unexpected `tool_use_id`' },
      opens: { experiment: 'drop-the-reply' },
      why: 'Your request #{request} sent `{roles}`.',
    },
    { when: { kind: 'runtime' }, opens: { hints: true }, why: 'Threw `{error}` at `{at}`.' },
    { when: { kind: 'runtime' }, opens: { hints: true }, why: 'Threw `{error}`.' },
  ],
});

describe('explainFailure', () => {
  it('takes the first entry whose kind, phrase and case all match', () => {
    expect(explainFailure(tutor, droppedReply)).toEqual({
      failure: tutor.failures[1],
      index: 1,
      opens: { experiment: 'drop-the-reply' },
      paragraph: `Your request #${quoteMark('request')} sent \`${quoteMark('roles')}\`.`,
      quoted: { request: '2', roles: 'user · user' },
    });
  });

  it('passes over an entry whose paragraph needs a fact this run lacks', () => {
    const told = (r: CaseReport) => {
      const explained = explainFailure(tutor, r);
      return explained && spellOut(explained.paragraph, explained.quoted);
    };
    expect(told(threw)).toBe('Threw `Error: cannot send results` at `src/loop.ts:27`.');
    const noFrames = report('runtime', 'TypeError: x is not a function');
    expect(told(noFrames)).toBe('Threw `TypeError: x is not a function`.');
  });

  it('has nothing to say about a pass, or a kind no entry covers', () => {
    expect(explainFailure(tutor, report('pass', 'Output matches.'))).toBeUndefined();
    expect(explainFailure(tutor, report('timeout', 'Timed out'))).toBeUndefined();
    expect(explainFailure(undefined, droppedReply)).toBeUndefined();
  });
});

describe('tutorSchema', () => {
  const base = tutorSchema.parse(tutor);
  const problems = (value: unknown) =>
    tutorSchema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);

  it('wants hints from nudge to line, each level once', () => {
    expect(
      problems({
        ...base,
        hints: [
          { level: 'line', body: 'l' },
          { level: 'nudge', body: 'n' },
        ],
      }),
    ).toEqual(['hints: hints go from nudge to shape to line, each level once (got line, nudge)']);
  });

  it('wants failures to open what exists, and to quote only known facts in one paragraph', () => {
    const failure = { when: { kind: 'api' }, opens: { question: 'nope' }, why: '{requst}\n\nmore' };
    expect(problems({ ...base, failures: [failure] })).toEqual([
      expect.stringMatching(
        /^failures\.0\.why: \{requst\} is not a fact of a run; use one of case, calls, request/,
      ),
      'failures.0.why: why is one paragraph',
      'failures.0.opens.question: no question "nope" in this tutor',
    ]);
  });
});

describe('failureFacts of an API error inside a block', () => {
  it('points at the block the error names', () => {
    const block = { type: 'tool_result', tool_use_id: 'toolu_01A', content: {} };
    const messages = [
      prompt,
      { role: 'assistant', content: [toolUse] },
      { role: 'user', content: [block] },
    ];
    const facts = failureFacts(
      report('api', 'Request #2 would get 400 …', {
        turns: [
          turn(2, messages, {
            rejection: refused(
              'messages.2.content.0.tool_result.content: Input should be a valid list',
            ),
          }),
        ],
      }),
    );
    expect([facts.path, facts.block]).toEqual([
      'messages.2.content.0.tool_result.content',
      '{"type":"tool_result","tool_use_id":"toolu_01A","content":{}}',
    ]);
  });
});
