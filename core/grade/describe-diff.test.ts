import { describe, expect, it } from 'vitest';
import { describeDiffEntry } from './describe-diff.ts';

describe('describeDiffEntry', () => {
  it.each([
    [
      { path: 'finalText', kind: 'changed', expected: 'done', actual: 'Done' },
      'finalText: expected "done", got "Done"',
    ],
    [
      { path: 'log[2]', kind: 'missing', expected: 'It is 4°C.' },
      'log[2]: missing, expected "It is 4°C."',
    ],
    [{ path: 'extra', kind: 'extra', actual: 1 }, 'extra: unexpected, got 1'],
    [{ path: '', kind: 'changed', expected: {}, actual: [] }, '(root): expected {}, got []'],
    // A hidden case's entries have no expected value: never "expected , got".
    [{ path: 'finalText', kind: 'changed', actual: 'Done' }, 'finalText: got "Done"'],
    [{ path: 'log[2]', kind: 'missing' }, 'log[2]: missing'],
  ] as const)('%j reads %s', (entry, line) => {
    expect(describeDiffEntry(entry)).toBe(line);
  });
});
