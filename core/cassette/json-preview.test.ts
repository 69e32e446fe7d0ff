import { describe, expect, it } from 'vitest';
import { boundJson, previewJson } from './json-preview.ts';

function nested(depth: number, leaf: unknown): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('previewJson', () => {
  it.each([
    [{ a: [1, 'x', null, true], b: { c: undefined } }],
    [[undefined, { k: 'v' }]],
    ['a "quoted" string'],
    [3.5],
    [null],
  ])('writes %j as JSON.stringify does', (value) => {
    expect(previewJson(value, 1000)).toBe(JSON.stringify(value));
  });

  it('cuts at the limit with an ellipsis', () => {
    expect(previewJson({ text: 'x'.repeat(50) }, 20)).toBe('{"text":"xxxxxxxxxx…');
    expect(
      previewJson(
        Array.from({ length: 500_000 }, () => 0),
        12,
      ),
    ).toBe('[0,0,0,0,0,…');
  });

  it('previews a value 400,000 levels deep, which JSON.stringify cannot serialise', () => {
    const deep = nested(400_000, 0);
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(previewJson(deep, 10)).toBe('[[[[[[[[[…');
  });

  it('writes undefined as undefined', () => {
    expect(previewJson(undefined, 10)).toBe('undefined');
  });
});

describe('boundJson', () => {
  it('returns values within the bounds unchanged', () => {
    const value = { trajectory: [{ tool: 'echo', input: { text: 'hi' } }], finalText: 'done' };
    expect(boundJson(value)).toEqual(value);
  });

  it('says what it leaves out', () => {
    const bounds = { depth: 2, items: 3, chars: 5, nodes: 100 };
    expect(boundJson({ xs: [1, 2, 3, 4, 5], s: 'abcdefgh', deep: [[[1]]] }, bounds)).toEqual({
      xs: [1, 2, 3, '… 2 more items'],
      s: 'abcde… (3 more characters)',
      deep: ['… (an array nested too deep to show)'],
    });
  });

  it('keeps a 400,000-deep value and a 500,000-item list small enough to send and print', () => {
    for (const value of [nested(400_000, 0), Array.from({ length: 500_000 }, (_, i) => i)]) {
      const bounded = boundJson(value);
      expect(JSON.stringify(bounded).length).toBeLessThan(20_000);
    }
  });
});
