import { describe, expect, it } from 'vitest';
import { describeDiff } from './describe-diff.ts';

const file = (kind: 'changed' | 'missing' | 'extra', expected?: string, actual?: string) => ({
  path: 'files["src/a.ts"]',
  kind,
  ...(expected === undefined ? {} : { expected }),
  ...(actual === undefined ? {} : { actual }),
});

describe('a difference in the printed files', () => {
  it('names the file and, for a visible case, its first differing line', () => {
    expect(describeDiff(true, [file('changed', 'a\nb\nc\n', 'a\nB\nc\n')], 1)).toBe(
      'The file src/a.ts, as the run left it, differs at line 2: expected "b", got "B".',
    );
    expect(describeDiff(true, [file('changed', 'a\n', 'a\nmore\n')], 3)).toBe(
      'The file src/a.ts, as the run left it, differs at line 2: expected "", got "more" (and 2 more differences).',
    );
  });

  it('never shows a hidden case its expected text', () => {
    expect(describeDiff(false, [file('changed', undefined, 'x')], 1)).toBe(
      'The file src/a.ts, as the run left it, is wrong.',
    );
  });

  it('says when a file is missing or should not be there', () => {
    expect(describeDiff(true, [file('missing', 'a')], 1)).toBe(
      'The run should have left the file src/a.ts in the workspace, and did not.',
    );
    expect(describeDiff(false, [file('extra', undefined, 'a')], 1)).toBe(
      'The run left a file the case does not expect: src/a.ts.',
    );
  });

  it('leaves other paths as they were', () => {
    expect(
      describeDiff(true, [{ path: 'answer', kind: 'changed', expected: 'a', actual: 'b' }], 1),
    ).toBe('answer: expected "a", got "b".');
  });
});
