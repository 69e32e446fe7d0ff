import { describe, expect, it } from 'vitest';
import { createWorkspace, normalizePath, WORKSPACE_LIMITS } from './workspace.ts';

describe('createWorkspace', () => {
  it('holds its files in memory, sorted by path, and normalises paths', () => {
    const ws = createWorkspace({ 'src/b.ts': 'b', './a.md': 'a' });
    ws.write('src/./c.ts', 'c');
    expect(ws.paths()).toEqual(['a.md', 'src/b.ts', 'src/c.ts']);
    expect(ws.read('./src/c.ts')).toBe('c');
    expect(ws.read('nope.ts')).toBeUndefined();
    expect(ws.files()).toEqual({ 'a.md': 'a', 'src/b.ts': 'b', 'src/c.ts': 'c' });
  });

  it.each(['/etc/passwd', '../up.ts', 'src/../../x', 'a\\b', '', 'src//x.ts'])(
    'refuses the path %j with a message the model can act on',
    (path) => {
      expect(() => normalizePath(path)).toThrow(/path/i);
    },
  );

  it('is bounded in files and in the size of one file', () => {
    const ws = createWorkspace();
    expect(() => ws.write('big.txt', 'x'.repeat(WORKSPACE_LIMITS.fileChars + 1))).toThrow(
      'big.txt would be 100001 characters long: a file holds at most 100000.',
    );
    for (let i = 0; i < WORKSPACE_LIMITS.files; i++) ws.write(`f${i}.txt`, '');
    expect(() => ws.write('one-more.txt', '')).toThrow('The workspace is full');
    ws.write('f0.txt', 'replacing is fine');
    expect(ws.read('f0.txt')).toBe('replacing is fine');
  });
});
