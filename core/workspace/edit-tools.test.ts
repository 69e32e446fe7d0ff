import { describe, expect, it } from 'vitest';
import { editFile, manyMatches, NO_MATCH, occurrences, writeFile } from './edit-tools.ts';
import { createWorkspace } from './workspace.ts';

const source = 'let total = 0;\nfor (const x of xs) total += x;\nreturn total;\n';

describe('editFile (str_replace)', () => {
  it('replaces the one occurrence, whitespace and all', () => {
    const ws = createWorkspace({ 'sum.ts': source });
    expect(
      editFile(ws, { path: 'sum.ts', old_str: 'return total;', new_str: 'return total * 2;' }),
    ).toBe('The file sum.ts has been edited.');
    expect(ws.read('sum.ts')).toBe(source.replace('return total;', 'return total * 2;'));
  });

  it('takes new_str literally: $& and $1 are characters, not patterns', () => {
    const ws = createWorkspace({ 'price.ts': 'const price = 5;\n' });
    editFile(ws, { path: 'price.ts', old_str: '5', new_str: '"$&1"' });
    expect(ws.read('price.ts')).toBe('const price = "$&1";\n');
  });

  it.each([
    ['zero matches', 'return sum;', NO_MATCH],
    ['a near miss in whitespace', 'return  total;', NO_MATCH],
    ['three matches', 'total', manyMatches(3)],
    ['six matches', 'o', manyMatches(6)],
  ])('refuses %s and leaves the file as it was', (_, old_str, message) => {
    const ws = createWorkspace({ 'sum.ts': source });
    expect(() => editFile(ws, { path: 'sum.ts', old_str, new_str: 'X' })).toThrow(message);
    expect(ws.read('sum.ts')).toBe(source);
  });

  it('names the count of matches', () => {
    expect(manyMatches(2)).toBe(
      'Found 2 matches for replacement text. Please provide more context to make a unique match.',
    );
    const ws = createWorkspace({ 'ab.txt': 'ab ab' });
    expect(() => editFile(ws, { path: 'ab.txt', old_str: 'ab', new_str: '' })).toThrow(
      manyMatches(2),
    );
  });

  it('refuses an empty old_str and a missing file', () => {
    const ws = createWorkspace({ 'a.txt': 'a' });
    expect(() => editFile(ws, { path: 'a.txt', old_str: '', new_str: 'b' })).toThrow(
      'old_str is empty',
    );
    expect(() => editFile(ws, { path: 'b.txt', old_str: 'a', new_str: 'b' })).toThrow(
      'File not found: b.txt',
    );
  });

  it('counts occurrences without overlaps', () => {
    expect(occurrences('aaaa', 'aa')).toEqual([0, 2]);
    expect(occurrences('abc', 'd')).toEqual([]);
  });
});

describe('writeFile', () => {
  it('creates a file, or replaces one, and says which', () => {
    const ws = createWorkspace({ 'a.txt': 'old' });
    expect(writeFile(ws, { path: 'b/c.txt', content: 'new' })).toBe(
      'The file b/c.txt has been created.',
    );
    expect(writeFile(ws, { path: 'a.txt', content: 'newer' })).toBe(
      'The file a.txt has been replaced.',
    );
    expect(ws.files()).toEqual({ 'a.txt': 'newer', 'b/c.txt': 'new' });
    expect(() => writeFile(ws, { path: 'a.txt' })).toThrow('write_file needs `content`, a string.');
  });
});
