import { describe, expect, it } from 'vitest';
import { asFiles, fileChanges } from './file-changes.ts';

describe('fileChanges', () => {
  it('tells each file as unchanged, changed (with its diff), created or deleted', () => {
    const before = { 'a.ts': 'one\ntwo\n', 'b.ts': 'same', 'c.ts': 'gone' };
    const after = { 'a.ts': 'one\n2\n', 'b.ts': 'same', 'd.ts': 'new' };
    expect(fileChanges(before, after)).toEqual([
      {
        path: 'a.ts',
        kind: 'changed',
        text: 'one\n2\n',
        diff: [
          { op: ' ', text: 'one' },
          { op: '-', text: 'two' },
          { op: '+', text: '2' },
          { op: ' ', text: '' },
        ],
      },
      { path: 'b.ts', kind: 'unchanged', text: 'same' },
      { path: 'c.ts', kind: 'deleted', text: 'gone' },
      { path: 'd.ts', kind: 'created', text: 'new' },
    ]);
  });

  it('shows the files as they were before any run', () => {
    expect(fileChanges({ 'a.ts': 'x' }, undefined)).toEqual([
      { path: 'a.ts', kind: 'unchanged', text: 'x' },
    ]);
  });

  it('keeps only the strings of a printed files value', () => {
    expect(asFiles({ 'a.ts': 'x', 'b.ts': 3 })).toEqual({ 'a.ts': 'x' });
    expect(asFiles(['a'])).toBeUndefined();
    expect(asFiles(null)).toBeUndefined();
  });
});
