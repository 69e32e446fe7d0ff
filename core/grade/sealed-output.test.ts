import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffJsonCounted, type DiffEntry } from '../cassette/json-diff.ts';
import { sealedLeafEquality, sealOutput } from './sealed-output.ts';

/** What a hidden case's report may show of an entry: never the expected value. */
const shown = ({ expected: _hidden, ...entry }: DiffEntry) => entry;

function bothWays(expected: unknown, actual: unknown) {
  const { salt, shape } = sealOutput(expected, 'salt');
  const open = diffJsonCounted(expected, actual, { limit: 5 });
  const sealed = diffJsonCounted(shape, actual, { limit: 5, sameLeaf: sealedLeafEquality(salt) });
  return {
    open: { entries: open.entries.map(shown), total: open.total },
    sealed: { entries: sealed.entries.map(shown), total: sealed.total },
  };
}

/** JSON as a program prints it: parsed, so -0 and 0 and 1.0 and 1 are what JSON makes them. */
const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);

describe('a sealed output', () => {
  it('finds exactly the differences the values would, for any two JSON values', () => {
    fc.assert(
      fc.property(json, json, (expected, actual) => {
        const { open, sealed } = bothWays(expected, actual);
        expect(sealed).toEqual(open);
      }),
      { numRuns: 500 },
    );
  });

  it('matches itself, and a value one leaf away differs at that leaf', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(bothWays(value, value).sealed.total).toBe(0);
      }),
    );
    const expected = { trajectory: [{ tool: 'echo', input: { text: 'hello' } }], turns: 2 };
    const { sealed } = bothWays(expected, { ...expected, turns: 3 });
    expect(sealed).toEqual({ entries: [{ path: 'turns', kind: 'changed', actual: 3 }], total: 1 });
  });

  it('tells the same value at two paths apart (no digest repeats), and holds no value', () => {
    const { shape } = sealOutput({ a: 'secret words', b: 'secret words' }, 'salt');
    const { a, b } = shape as { a: string; b: string };
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
    expect(JSON.stringify(shape)).not.toContain('secret');
  });
});
