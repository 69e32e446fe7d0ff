import { describe, expect, it } from 'vitest';
import type { CassetteRejection } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun } from '../run/events.ts';
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

const noFrames = () => [];
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
      run({ unmadeCalls: 'The recording has 2 calls but the loop made none.' }),
      'unconsumed',
      'The output matches, but the recording has 2 calls but the loop made none.',
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
    expect(report.diff).toEqual([{ path: 'finalText', kind: 'changed', actual: 'nope' }]);
    expect(report.message).toBe(
      'Hidden case "echo" (One echo call, then done.): finalText is wrong.',
    );
    expect(JSON.stringify(report)).not.toContain('"done"');
  });
});
