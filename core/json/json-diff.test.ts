import { describe, expect, it } from 'vitest';
import { diffJson, diffJsonCounted, displayPath, formatPath, jsonEqual } from './json-diff.ts';
import type { DiffEntry } from './json-diff.ts';

describe('formatPath', () => {
  it.each([
    [[], ''],
    [['trajectory', 0, 'input', 'text'], 'trajectory[0].input.text'],
    [[0, 'a'], '[0].a'],
    [['my key', 'x'], '["my key"].x'],
    [['a', '0'], 'a["0"]'],
    [['$ok', '_x1'], '$ok._x1'],
    [['say "hi"'], '["say \\"hi\\""]'],
  ] as const)('formats %j as %s', (segments, path) => {
    expect(formatPath(segments)).toBe(path);
  });

  it('reads the root as (root)', () => {
    expect(displayPath('')).toBe('(root)');
    expect(displayPath('a.b')).toBe('a.b');
  });
});

describe('diffJson', () => {
  const cases: [string, unknown, unknown, DiffEntry[]][] = [
    ['equal scalars', 1, 1, []],
    ['1 and 1.0 as parsed JSON', JSON.parse('1'), JSON.parse('1.0'), []],
    ['a changed root', 'a', 'b', [{ path: '', kind: 'changed', expected: 'a', actual: 'b' }]],
    [
      'null against an object',
      null,
      {},
      [{ path: '', kind: 'changed', expected: null, actual: {} }],
    ],
    [
      'an array against an object',
      [],
      {},
      [{ path: '', kind: 'changed', expected: [], actual: {} }],
    ],
    ['keys in another order', { a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 }, []],
    [
      'a nested change',
      { trajectory: [{ input: { text: 'hi' } }] },
      { trajectory: [{ input: { text: 'ho' } }] },
      [{ path: 'trajectory[0].input.text', kind: 'changed', expected: 'hi', actual: 'ho' }],
    ],
    [
      'a missing and an extra key',
      { a: 1, b: 2 },
      { a: 1, c: 3 },
      [
        { path: 'b', kind: 'missing', expected: 2 },
        { path: 'c', kind: 'extra', actual: 3 },
      ],
    ],
    [
      'a shorter array',
      { xs: [1, 2, 3] },
      { xs: [1] },
      [
        { path: 'xs[1]', kind: 'missing', expected: 2 },
        { path: 'xs[2]', kind: 'missing', expected: 3 },
      ],
    ],
    ['a longer array', [1], [1, { a: 1 }], [{ path: '[1]', kind: 'extra', actual: { a: 1 } }]],
    [
      'differences in document order',
      { a: { x: 1 }, b: [0, 1], c: 'same' },
      { c: 'same', b: [0, 2], a: { x: 2 } },
      [
        { path: 'a.x', kind: 'changed', expected: 1, actual: 2 },
        { path: 'b[1]', kind: 'changed', expected: 1, actual: 2 },
      ],
    ],
    ['a key holding undefined, as absent', { a: 1, b: undefined }, { a: 1 }, []],
    [
      'a key that is not an identifier',
      { 'the key': 1 },
      { 'the key': 2 },
      [{ path: '["the key"]', kind: 'changed', expected: 1, actual: 2 }],
    ],
    [
      'a string against a number',
      '1',
      1,
      [{ path: '', kind: 'changed', expected: '1', actual: 1 }],
    ],
  ];

  it.each(cases)('%s', (_name, expected, actual, entries) => {
    expect(diffJson(expected, actual)).toEqual(entries);
  });

  it('stops at the limit', () => {
    expect(diffJson([1, 2, 3], [4, 5, 6], 2)).toEqual([
      { path: '[0]', kind: 'changed', expected: 1, actual: 4 },
      { path: '[1]', kind: 'changed', expected: 2, actual: 5 },
    ]);
  });

  it('decides jsonEqual by the same rules', () => {
    expect(jsonEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(jsonEqual({ a: [1] }, { a: [1, 1] })).toBe(false);
  });
});

/** `[[[...[leaf]...]]]`, `depth` arrays deep, built without recursion. */
function nested(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('diffJson on values of any size', () => {
  it('walks 400,000 levels deep without overflowing the stack', () => {
    const { entries, total } = diffJsonCounted(nested(400_000, 'a'), nested(400_000, 'b'));
    expect(total).toBe(1);
    expect(entries).toEqual([
      {
        path: `${'[0]'.repeat(20)}…399,960 levels…${'[0]'.repeat(20)}`,
        kind: 'changed',
        expected: 'a',
        actual: 'b',
      },
    ]);
    expect(jsonEqual(nested(400_000, 1), nested(400_000, 1))).toBe(true);
  });

  it('keeps the first entries of a 500,000-item list and counts the rest', () => {
    const list = Array.from({ length: 500_000 }, (_, i) => i);
    const { entries, total } = diffJsonCounted({ xs: [0, 1, 2] }, { xs: list }, { limit: 100 });
    expect(total).toBe(499_997);
    expect(entries).toHaveLength(100);
    expect(entries[0]).toEqual({ path: 'xs[3]', kind: 'extra', actual: 3 });
    expect(entries[99]).toEqual({ path: 'xs[102]', kind: 'extra', actual: 102 });
  });

  it('counts every difference of a 20,000-item trajectory past the limit', () => {
    const step = (i: number) => ({ tool: 'echo', input: { text: `t${i}` } });
    const expected = { trajectory: [step(0)], finalText: 'done' };
    const actual = { trajectory: Array.from({ length: 20_000 }, (_, i) => step(i)), finalText: '' };
    const { entries, total } = diffJsonCounted(expected, actual, { limit: 100 });
    expect(total).toBe(20_000);
    expect(entries).toHaveLength(100);
    expect(entries.map((e) => e.path).slice(0, 2)).toEqual(['trajectory[1]', 'trajectory[2]']);
  });
});
