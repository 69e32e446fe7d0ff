import { describe, expect, it } from 'vitest';
import type { CassetteRejection } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun } from '../run/events.ts';
import { RUN_LIMITS } from '../wire/limits.ts';
import { REPORT_LIMITS } from './report-limits.ts';
import type { CaseReport } from './report.ts';
import { sealOutput } from './sealed-output.ts';
import { gradeCase } from './grade-case.ts';

const expected = { trajectory: [{ tool: 'echo', input: { text: 'hello' } }], finalText: 'done' };

function testCase(visible: boolean): LessonCase {
  return {
    name: 'echo',
    visible,
    description: 'One echo call, then done.',
    input: {},
    cassette: { calls: [] },
    expected,
  };
}

function run(overrides: Partial<CaseRun>): CaseRun {
  return {
    outcome: { kind: 'completed' },
    events: [],
    outputs: [JSON.stringify(expected)],
    consoleTruncated: false,
    modelCalls: 2,
    durationMs: 12,
    ...overrides,
  };
}

const rejection = (kind: CassetteRejection['kind'], message: string): CassetteRejection => ({
  kind,
  requestNumber: 2,
  recorded: 2,
  status: 400,
  body: {
    type: 'error',
    error: {
      type: kind === 'invalid-request' ? 'invalid_request_error' : 'cassette_mismatch',
      message,
    },
  },
  explanation: 'Append the assistant message first.',
  ...(kind === 'invalid-request' ? {} : { hint: 'A hint.' }),
});

const noFrames = { frames: () => [], text: (text: string) => text };
const grade = (r: CaseRun, visible = true) => gradeCase(testCase(visible), r, noFrames);

describe('gradeCase', () => {
  it.each([
    ['pass', run({}), 'pass', 'Output matches.'],
    [
      'cancelled',
      run({ outcome: { kind: 'cancelled' } }),
      'cancelled',
      'Stopped before it finished.',
    ],
    [
      'timeout',
      run({ outcome: { kind: 'timeout', afterMs: 5000 }, outputs: [] }),
      'timeout',
      'Timed out after 5 s (after 2 model calls): the code never finished. Look for a loop that never ends, or one that never awaits (a busy loop blocks everything).',
    ],
    [
      'runtime',
      run({
        outcome: { kind: 'threw', error: { name: 'TypeError', message: 'x is undefined' } },
        outputs: [],
      }),
      'runtime',
      'TypeError: x is undefined',
    ],
    [
      'api',
      run({ rejection: rejection('invalid-request', 'messages.1: bad'), outputs: [] }),
      'api',
      'Request #2 would get 400 invalid_request_error from the API: messages.1: bad\nAppend the assistant message first.',
    ],
    [
      'cassette',
      run({
        rejection: rejection('divergence', 'Request #2 of 2 left the recorded conversation.'),
        outputs: [],
      }),
      'cassette',
      'Request #2 of 2 left the recorded conversation.\nA hint.',
    ],
    [
      'no-output',
      run({ outputs: [] }),
      'no-output',
      'The program finished without printing a result.',
    ],
    ['not JSON', run({ outputs: ['{'] }), 'no-output', 'The printed result is not valid JSON.'],
    [
      'extra-output',
      run({ outputs: ['{}', JSON.stringify(expected)] }),
      'extra-output',
      '2 results were printed; the harness prints exactly one.',
    ],
    [
      'unconsumed',
      run({
        unmadeCalls: 'The loop made none of the 2 recorded calls: it never called the model.',
      }),
      'unconsumed',
      'The output matches, but the loop made none of the 2 recorded calls: it never called the model.',
    ],
    [
      'diff',
      run({ outputs: [JSON.stringify({ ...expected, finalText: 'Done' })] }),
      'diff',
      'finalText: expected "done", got "Done".',
    ],
  ])('%s', (_label, caseRun, kind, message) => {
    const report = grade(caseRun);
    expect({ kind: report.kind, message: report.message }).toEqual({ kind, message });
    expect(report.status).toBe(
      kind === 'pass'
        ? 'pass'
        : ['diff', 'no-output', 'extra-output', 'unconsumed'].includes(kind)
          ? 'fail'
          : 'error',
    );
  });

  it('a timeout after a rejection reports the rejection, the first real mistake', () => {
    const report = grade(
      run({
        outcome: { kind: 'timeout', afterMs: 5000 },
        rejection: rejection('exhausted', 'The cassette is exhausted.'),
      }),
    );
    expect(report.kind).toBe('cassette');
  });

  it('shows a visible case its expected output and a structural diff with paths', () => {
    const actual = { trajectory: [], finalText: 'done', extra: 1 };
    const report = grade(run({ outputs: [JSON.stringify(actual)] }));
    expect(report.expected).toEqual(expected);
    expect(report.diff).toEqual([
      { path: 'trajectory[0]', kind: 'missing', expected: expected.trajectory[0] },
      { path: 'extra', kind: 'extra', actual: 1 },
    ]);
    expect(report.message).toBe(
      'trajectory[0] is missing: expected {"tool":"echo","input":{"text":"hello"}} (and 1 more difference).',
    );
  });

  it('never shows a hidden case its expected data', () => {
    const report = grade(
      run({ outputs: [JSON.stringify({ ...expected, finalText: 'nope' })] }),
      false,
    );
    expect(report.expected).toBeUndefined();
    expect(report.diff).toEqual([
      { path: '', kind: 'changed', actual: { ...expected, finalText: 'nope' } },
    ]);
    expect(report.message).toBe(
      "The output differs from the expected output. A hidden case checks it as a whole: compare what the code printed with a visible case's output.",
    );
    expect(JSON.stringify(report)).not.toContain('"done"');
  });
});

const sealedCase = (): LessonCase => {
  const { expected: value, ...rest } = testCase(false);
  return { ...rest, visible: false, sealed: sealOutput(value, 'a-salt', new Set()) };
};
const printed = (value: unknown) => run({ outputs: [JSON.stringify(value)] });
/** A report without its timing, for comparing two gradings of one run. */
const verdictOf = (report: CaseReport) => ({ ...report, durationMs: 0 });

/** `[[[...[leaf]...]]]`, `depth` arrays deep, as JSON text (JSON.stringify would recurse). */
const nestedJson = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

describe('a hidden case, sealed or not', () => {
  it.each([
    ['the right output', printed(expected)],
    ['a changed leaf', printed({ ...expected, finalText: 'Done' })],
    ['a number for a string', printed({ ...expected, finalText: 1 })],
    ['an object for a leaf', printed({ ...expected, finalText: { text: 'done' } })],
    ['a missing key', printed({ trajectory: expected.trajectory })],
    ['an extra key', printed({ ...expected, extra: [1] })],
    ['a shorter list', printed({ ...expected, trajectory: [] })],
    ['a longer list', printed({ ...expected, trajectory: [...expected.trajectory, {}] })],
    ['an array for the whole', printed([expected])],
    ['null', printed(null)],
    ['a 499,999-item list', run({ outputs: [`[${'0,'.repeat(499_998)}0]`] })],
    ['a 400,000-deep value', run({ outputs: [nestedJson(400_000)] })],
    [
      'a loop that stopped early',
      run({ ...printed({ trajectory: [] }), unmadeCalls: 'The loop made 1 of 2 recorded calls.' }),
    ],
  ])('gets the same report for %s', (_name, caseRun) => {
    const open = gradeCase(testCase(false), caseRun, noFrames);
    const sealed = gradeCase(sealedCase(), caseRun, noFrames);
    expect(verdictOf(sealed)).toEqual(verdictOf(open));
  });

  it('names a free text that differs, leading with the diagnostic, not the case name', () => {
    const prose = 'The echo tool sent back the word hello, unchanged.';
    const { expected: _value, ...rest } = testCase(false);
    const sealed = sealOutput({ ...expected, finalText: prose }, 'a-salt', new Set());
    const report = gradeCase(
      { ...rest, sealed },
      printed({ ...expected, finalText: 'Done' }),
      noFrames,
    );
    expect([report.message, report.diff]).toEqual([
      'finalText is wrong.',
      [{ path: 'finalText', kind: 'changed', actual: 'Done' }],
    ]);
  });

  it('holds no expected value in its sealed form', () => {
    expect(JSON.stringify(sealedCase())).not.toContain('hello');
  });
});

describe('a report of any output stays bounded', () => {
  it('lists 100 of the differences of a 20,000-item wrong trajectory (40 KB) and counts them all', () => {
    const trajectory = Array.from({ length: 20_000 }, () => 0);
    const text = JSON.stringify({ trajectory, finalText: 'done' });
    expect(text.length).toBeGreaterThan(40_000);
    const report = grade(run({ outputs: [text] }));
    expect(report.diff).toHaveLength(REPORT_LIMITS.diffEntries);
    expect(report.diffCount).toBe(20_000);
    expect(report.message).toBe(
      'trajectory[0]: expected {"tool":"echo","input":{"text":"hello"}}, got 0 (and 19,999 more differences).',
    );
  });

  it('reports a 400,000-deep value without a RangeError, and small', () => {
    const report = grade(run({ outputs: [nestedJson(400_000)] }));
    expect(report.kind).toBe('diff');
    expect(report.message).toBe(
      `the output: expected {"trajectory":[{"tool":"echo","input":{"text":"hello"}}],"finalText":"done"}, got ${'['.repeat(40)}"… (an array nested too deep to show)"${']'.repeat(40)}.`,
    );
    expect(JSON.stringify(report).length).toBeLessThan(10_000);
  });

  it('reports a list of half a million items in 100 entries, counting the rest', () => {
    // 499,999 items is as long as a printed list of one-digit numbers may be (999,999 characters).
    const list = `[${'0,'.repeat(499_998)}0]`;
    const listCase: LessonCase = { ...testCase(true), expected: [0, 0, 1] };
    const report = gradeCase(listCase, run({ outputs: [list] }), noFrames);
    expect(report.diff).toHaveLength(100);
    expect(report.diffCount).toBe(499_997);
    expect(report.message).toBe('[2]: expected 1, got 0 (and 499,996 more differences).');
    expect(JSON.stringify(report).length).toBeLessThan(100_000);
    // 500,000 of them are 1,000,001 characters: past what the grader parses at all.
    const longer = run({ outputs: [`[${'0,'.repeat(499_999)}0]`] });
    expect(gradeCase(listCase, longer, noFrames).message).toBe(
      `The result is over ${RUN_LIMITS.outputChars} characters long.`,
    );
  });

  it('keeps 20 stack frames and counts the others', () => {
    const frames = Array.from({ length: 500 }, (_, i) => ({
      file: 'src/loop.ts',
      line: i + 1,
      column: 1,
    }));
    const stacks = { frames: () => frames, text: (t: string) => t };
    const threw = run({
      outcome: { kind: 'threw', error: { name: 'RangeError', message: 'x'.repeat(5_000) } },
      outputs: [],
    });
    const report = gradeCase(testCase(true), threw, stacks);
    expect(report.frames).toEqual(frames.slice(0, REPORT_LIMITS.frames));
    expect(report.frameCount).toBe(500);
    expect(report.message).toBe(
      `RangeError: ${'x'.repeat(1_988)}… (cut at 2000 characters) (at src/loop.ts:1:1)`,
    );
  });
});

describe('a loop that stopped early', () => {
  it('says how many of the recorded calls it made, before the first difference', () => {
    const report = grade(
      run({
        outputs: [JSON.stringify({ trajectory: [], finalText: '' })],
        unmadeCalls:
          'The loop made 1 of 3 recorded calls: it stopped after request #1, whose reply had stop_reason "tool_use".',
      }),
      false,
    );
    expect(report.message).toBe(
      'The loop made 1 of 3 recorded calls: it stopped after request #1, whose reply had stop_reason "tool_use". The output differs from the expected output. A hidden case checks it as a whole: compare what the code printed with a visible case\'s output.',
    );
  });
});
