import { describe, expect, it } from 'vitest';
import { runTests, TEST_LIMITS } from './run-tests.ts';
import { createWorkspace } from './workspace.ts';

const tests = (list: unknown[]) => JSON.stringify({ tests: list });

describe('runTests', () => {
  it('reports each test and the totals', () => {
    const ws = createWorkspace({
      'src/add.ts': 'export const add = (a: number, b: number) => a - b; // TODO\n',
      'tests/add.test.json': tests([
        { name: 'adds', file: 'src/add.ts', contains: 'a + b' },
        { name: 'no TODO left', file: 'src/add.ts', lacks: 'TODO' },
        { name: 'exports add', file: 'src/add.ts', matches: '^export const add' },
        { name: 'has a README', file: 'README.md', contains: '#' },
      ]),
    });
    expect(runTests(ws, {})).toBe(
      [
        '✗ tests/add.test.json › adds: src/add.ts does not contain "a + b"',
        '✗ tests/add.test.json › no TODO left: src/add.ts still contains "TODO"',
        '✓ tests/add.test.json › exports add',
        '✗ tests/add.test.json › has a README: README.md does not exist',
        '1 passed, 3 failed',
      ].join('\n'),
    );
  });

  it('runs only the files matching a pattern, and reports a file it cannot read', () => {
    const ws = createWorkspace({
      'a.test.json': tests([{ name: 'a', file: 'a.test.json', contains: 'tests' }]),
      'b.test.json': '{ not json',
      'c.test.json': tests([{ name: 'two kinds', file: 'x', contains: 'a', lacks: 'b' }]),
    });
    expect(runTests(ws, { pattern: 'a.*' })).toBe('✓ a.test.json › a\n1 passed');
    expect(runTests(ws, {})).toBe(
      [
        '✓ a.test.json › a',
        '✗ b.test.json: cannot be run: not valid JSON',
        '✗ c.test.json: cannot be run: each test needs a "name", a "file" and one of "contains", "lacks", "matches"',
        '1 passed, 2 failed',
      ].join('\n'),
    );
  });

  it('is an error when there is nothing to run', () => {
    expect(() => runTests(createWorkspace({ 'a.ts': '' }), {})).toThrow('No test files');
  });

  it('stops at its bounds and says so', () => {
    const many = Array.from({ length: TEST_LIMITS.tests + 5 }, (_, i) => ({
      name: `t${i}`,
      file: 'a.test.json',
      contains: 'tests',
    }));
    const out = runTests(createWorkspace({ 'a.test.json': tests(many) }), {}).split('\n');
    expect(out.slice(-2)).toEqual(['[stopped at 20 files or 200 tests]', '200 passed']);
  });
});
