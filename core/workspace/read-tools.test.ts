import { describe, expect, it } from 'vitest';
import { fileLines, grep, listFiles, readFile, READ_LIMIT_LINES } from './read-tools.ts';
import { createWorkspace } from './workspace.ts';

const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');
const ws = createWorkspace({
  'src/greet.ts': 'export function greet(name: string) {\n  return `Hi ${name}`;\n}\n',
  'src/long.txt': numbered(95),
  'empty.txt': '',
  'README.md': '# greet\nSays hi.',
});

describe('readFile', () => {
  it('numbers each line, as cat -n does, without the empty line after a final newline', () => {
    expect(readFile(ws, { path: 'src/greet.ts' })).toBe(
      '1\texport function greet(name: string) {\n2\t  return `Hi ${name}`;\n3\t}',
    );
  });

  it('reads a range, inclusive, from start_line or to end_line alone', () => {
    expect(readFile(ws, { path: 'src/long.txt', start_line: 3, end_line: 4 })).toBe(
      '3\tline 3\n4\tline 4',
    );
    expect(readFile(ws, { path: 'README.md', start_line: 2 })).toBe('2\tSays hi.');
    expect(readFile(ws, { path: 'README.md', end_line: 1 })).toBe('1\t# greet');
    expect(readFile(ws, { path: 'README.md', start_line: 2, end_line: 99 })).toBe('2\tSays hi.');
  });

  it('cuts a long range at the limit, with a note saying where to read on', () => {
    const lines = readFile(ws, { path: 'src/long.txt', start_line: 11 }).split('\n');
    expect(lines).toHaveLength(READ_LIMIT_LINES + 1);
    expect(lines[0]).toBe('11\tline 11');
    expect(lines[READ_LIMIT_LINES - 1]).toBe('50\tline 50');
    expect(lines[READ_LIMIT_LINES]).toBe(
      '[cut at 40 lines: showed 11-50 of 95; read on with start_line 51]',
    );
    // Exactly the limit is not cut.
    expect(readFile(ws, { path: 'src/long.txt', start_line: 56 }).split('\n')).toHaveLength(40);
  });

  it('says so for an empty file', () => {
    expect(readFile(ws, { path: 'empty.txt' })).toBe('(empty.txt is empty)');
  });

  it.each([
    [{ path: 'nope.ts' }, 'File not found: nope.ts'],
    [{ path: 'README.md', start_line: 3 }, 'start_line 3 is past the end of README.md (2 lines).'],
    [{ path: 'README.md', start_line: 2, end_line: 1 }, 'end_line 1 is before start_line 2.'],
    [
      { path: 'README.md', start_line: 0 },
      'read_file: `start_line` must be a whole number, 1 or more.',
    ],
    [
      { path: 'README.md', end_line: 1.5 },
      'read_file: `end_line` must be a whole number, 1 or more.',
    ],
    [{}, 'read_file needs `path`, a string.'],
    [{ path: '../secret' }, 'Invalid path: ../secret.'],
  ])('refuses %j: %s', (input, message) => {
    expect(() => readFile(ws, input)).toThrow(message);
  });

  it('splits lines without inventing one', () => {
    expect(fileLines('')).toEqual([]);
    expect(fileLines('\n')).toEqual(['']);
    expect(fileLines('a\n\nb')).toEqual(['a', '', 'b']);
  });
});

describe('listFiles', () => {
  it('lists every file, or those matching a glob, one a line', () => {
    expect(listFiles(ws, {})).toBe('README.md\nempty.txt\nsrc/greet.ts\nsrc/long.txt');
    expect(listFiles(ws, { pattern: 'src/*.ts' })).toBe('src/greet.ts');
    expect(listFiles(ws, { pattern: '**/*.py' })).toBe('No files match **/*.py');
  });
});

describe('grep', () => {
  it('finds matching lines as path:line:text, in path order, within a glob', () => {
    expect(grep(ws, { pattern: 'greet' })).toBe(
      'README.md:1:# greet\nsrc/greet.ts:1:export function greet(name: string) {',
    );
    expect(grep(ws, { pattern: '^line 9\\d$', glob: 'src/*.txt' })).toBe(
      ['90', '91', '92', '93', '94', '95'].map((n) => `src/long.txt:${n}:line ${n}`).join('\n'),
    );
    expect(grep(ws, { pattern: 'nothing here' })).toBe('No matches for nothing here');
  });

  it('cuts at 50 matches, saying how many there were', () => {
    const lines = grep(ws, { pattern: 'line' }).split('\n');
    expect(lines).toHaveLength(51);
    expect(lines[50]).toBe('[cut at 50 of 95 matches]');
  });

  it('refuses a pattern that is not a regular expression', () => {
    expect(() => grep(ws, { pattern: '(' })).toThrow(/^Invalid pattern: /);
  });
});
