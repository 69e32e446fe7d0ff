import { describe, expect, it } from 'vitest';
import { lineDiff } from './line-diff.ts';

describe('lineDiff', () => {
  it('shows what changed, with context, and leaves out the rest', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'c', 'D', 'e', 'f', 'g', 'h', 'i'].join('\n');
    expect(lineDiff(before, after, 1)).toEqual([
      { op: '…', text: '' },
      { op: ' ', text: 'c' },
      { op: '-', text: 'd' },
      { op: '+', text: 'D' },
      { op: ' ', text: 'e' },
      { op: '…', text: '' },
      { op: ' ', text: 'h' },
      { op: '+', text: 'i' },
    ]);
  });

  it('is empty of changes for equal texts', () => {
    expect(lineDiff('a\nb', 'a\nb', 0)).toEqual([{ op: '…', text: '' }]);
  });
});
