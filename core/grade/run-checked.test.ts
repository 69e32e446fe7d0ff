import { describe, expect, it } from 'vitest';
import { loadCourse } from '../lesson/load-course.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun, RunEvent } from '../run/events.ts';
import { gradeCase } from './grade-case.ts';
import { sealOutput } from './sealed-output.ts';

/** Every file of the course, keyed by its path below fixtures/ (as the page's build reads them). */
const fixtureFiles = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('/fixtures/**/*', { query: '?raw', import: 'default', eager: true }),
  ).map(([path, text]) => [path.slice('/fixtures/'.length), text]),
);

const expected = { finalText: 'done', stopReason: 'end_turn' };
const response = {
  id: 'msg_01',
  type: 'message',
  role: 'assistant',
  model: 'claude-sonnet-5-5',
  content: [],
  stop_reason: 'end_turn',
  usage: { input_tokens: 1, output_tokens: 1 },
} as const;

/** A call whose request sent `messages` messages, answered. */
const call = (index: number, messages: number): RunEvent => ({
  type: 'model-call',
  index,
  request: { messages: Array.from({ length: messages }, () => ({ role: 'user', content: 'x' })) },
  response: { ...response, content: [] },
  at: 0,
  durationMs: 0,
});

function testCase(visible: boolean): LessonCase {
  const base = {
    name: 'echo',
    visible,
    description: 'One echo call.',
    input: {},
    cassette: { calls: [] },
    runChecked: { turns: 'calls', historyLength: 'history' } as const,
  };
  return visible
    ? { ...base, expected }
    : { ...base, sealed: sealOutput(expected, 'salt', new Set()) };
}

function graded(printed: object, visible = true, unmadeCalls?: string) {
  const run: CaseRun = {
    ...(unmadeCalls ? { unmadeCalls } : {}),
    outcome: { kind: 'completed' },
    events: [call(1, 1), call(2, 3)],
    outputs: [JSON.stringify(printed)],
    consoleTruncated: false,
    modelCalls: 2,
    durationMs: 1,
  };
  const { kind, message, diff, actual } = gradeCase(testCase(visible), run, {
    frames: () => [],
    text: (text) => text,
  });
  return { kind, message, diff, actual };
}

describe('fields checked against the run', () => {
  it('pass when they match what the run shows, and stay out of the output shown', () => {
    expect(graded({ ...expected, turns: 2, historyLength: 4 })).toEqual({
      kind: 'pass',
      message: 'Output matches.',
      diff: undefined,
      actual: expected,
    });
  });

  it('name what the run shows, on a hidden case too', () => {
    for (const visible of [true, false]) {
      expect(graded({ ...expected, turns: 1, historyLength: 4 }, visible).message).toBe(
        'turns: expected 2, got 1 (the loop called the model 2 times).',
      );
    }
    expect(graded({ ...expected, turns: 2, historyLength: 1 }).message).toBe(
      "historyLength: expected 4, got 1 (the loop's last request sent 3 messages, and the reply to it makes 4).",
    );
    expect(graded({ ...expected, historyLength: 4 }).message).toBe(
      'turns is missing: expected 2 (the loop called the model 2 times).',
    );
  });

  it('come after the differences of the output, and are counted with them', () => {
    const report = graded({ ...expected, finalText: 'Done', turns: 1, historyLength: 4 });
    expect(report.message).toBe('finalText: expected "done", got "Done" (and 1 more difference).');
    expect(report.diff).toEqual([
      { path: 'finalText', kind: 'changed', expected: 'done', actual: 'Done' },
      { path: 'turns', kind: 'changed', expected: 2, actual: 1 },
    ]);
  });

  it('give way to recorded calls the loop never made: that is the mistake', () => {
    const unmade = 'The loop made 2 of 3 recorded calls: it stopped after request #2.';
    expect(graded({ ...expected, turns: 5, historyLength: 9 }, true, unmade)).toMatchObject({
      kind: 'unconsumed',
      message: `The output matches, but the loop made 2 of 3 recorded calls: it stopped after request #2.`,
    });
  });
});

describe('a lesson with run checks, loaded', () => {
  it('gives each case the checks, and leaves the checked fields to the run', () => {
    const files = Object.fromEntries(
      Object.entries(fixtureFiles).filter(([path]) => path.startsWith('the-while-loop/')),
    );
    files['course.json'] = JSON.stringify({ id: 'c', title: 'C', lessons: ['the-while-loop'] });
    const printed = { ...JSON.parse(files['the-while-loop/cases/echo/expected.json']!), turns: 2 };
    files['the-while-loop/cases/echo/expected.json'] = JSON.stringify(printed);
    const loaded = loadCourse(files);
    if (!loaded.ok) throw new Error('does not load');
    const echo = loaded.course.lessons[0]!.cases.find((c) => c.name === 'echo')!;
    expect({ expected: echo.expected, runChecked: echo.runChecked }).toEqual({
      expected: {
        trajectory: [{ tool: 'echo', input: { text: 'hello' } }],
        finalText: 'done',
        stopReason: 'end_turn',
      },
      runChecked: { turns: 'calls', historyLength: 'history' },
    });
  });
});
