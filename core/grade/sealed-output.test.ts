import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../json/json-diff.ts';
import { canonicalJson } from './canonical-json.ts';
import { caseStrings, diffSealed, SEALED_OUTPUT_CHARS, sealOutput } from './sealed-output.ts';

/** JSON as a program prints it: parsed, so -0 and 0 and 1.0 and 1 are what JSON makes them. */
const json = fc.jsonValue().map((v) => JSON.parse(JSON.stringify(v)) as unknown);

const none = new Set<string>();
const PROSE = 'Echo sent back "tide", unchanged, and then the model wrote its answer.';
const expected = {
  trajectory: [{ tool: 'echo', input: { text: 'tide' } }],
  finalText: PROSE,
  stopReason: 'end_turn',
  turns: 2,
};

describe('a sealed output', () => {
  it('matches exactly the values equal to the expected one, for any two JSON values', () => {
    fc.assert(
      fc.property(json, json, (value, actual) => {
        const sealed = sealOutput(value, 'salt', none);
        expect(diffSealed(sealed, actual, 5).total === 0).toBe(jsonEqual(value, actual));
        expect(diffSealed(sealed, value, 5).total).toBe(0);
      }),
      { numRuns: 500 },
    );
  });

  it('gives a digest of its own to prose only, never to a small value or the cassette’s own text', () => {
    const { fields } = sealOutput(
      { ...expected, echoed: PROSE.toUpperCase() },
      'salt',
      new Set([PROSE.toUpperCase()]),
    );
    expect(fields.map((f) => f.path)).toEqual([['finalText']]);
  });

  it('names the free text a printed output gets wrong or lacks, with what was printed', () => {
    const sealed = sealOutput(expected, 'salt', none);
    expect(diffSealed(sealed, { ...expected, finalText: 'Done.' }, 5)).toEqual({
      entries: [{ path: 'finalText', kind: 'changed', actual: 'Done.' }],
      total: 1,
    });
    const { finalText: _dropped, ...rest } = expected;
    expect(diffSealed(sealed, rest, 5)).toEqual({
      entries: [{ path: 'finalText', kind: 'missing' }],
      total: 1,
    });
  });

  it('says only that the output differs where no free text does, showing it whole', () => {
    const sealed = sealOutput(expected, 'salt', none);
    const printed = { ...expected, turns: 3 };
    expect(diffSealed(sealed, printed, 5)).toEqual({
      entries: [{ path: '', kind: 'changed', actual: printed }],
      total: 1,
    });
  });

  it('tells an output past SEALED_OUTPUT_CHARS apart without hashing it, and seals none', () => {
    const sealed = sealOutput(expected, 'salt', none);
    const huge = {
      ...expected,
      trajectory: Array.from({ length: 20_000 }, () => expected.trajectory[0]),
    };
    expect(diffSealed(sealed, huge, 5)).toEqual({
      entries: [{ path: '', kind: 'changed', actual: huge }],
      total: 1,
    });
    expect(() => sealOutput('x'.repeat(SEALED_OUTPUT_CHARS), 'salt', none)).toThrow(RangeError);
  });

  it('holds no value, and tells the same text at two paths apart', () => {
    const sealed = sealOutput({ a: PROSE, b: PROSE, n: 391 }, 'salt', none);
    const [a, b] = sealed.fields;
    expect(a?.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(a?.digest).not.toBe(b?.digest);
    expect(JSON.stringify(sealed)).not.toMatch(/tide|391/);
  });

  it('collects every string a case holds, at any depth', () => {
    const cassette = {
      calls: [
        { request: { messages: [{ content: 'hi' }] }, response: { content: [{ text: PROSE }] } },
      ],
    };
    expect(caseStrings(cassette, { prompt: 'go', cap: 3 })).toEqual(new Set(['hi', PROSE, 'go']));
  });
});

describe('canonicalJson', () => {
  it('writes equal values alike, whatever their key order, and reads back as the value', () => {
    expect(canonicalJson({ b: [1, { d: null, c: 'x' }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":"x","d":null}]}',
    );
    fc.assert(
      fc.property(json, (value) => {
        expect(jsonEqual(JSON.parse(canonicalJson(value) ?? ''), value)).toBe(true);
      }),
    );
  });

  it('writes a value 400,000 levels deep, or stops past maxChars', () => {
    const deep = JSON.parse(`${'['.repeat(400_000)}0${']'.repeat(400_000)}`) as unknown;
    expect(canonicalJson(deep)).toHaveLength(800_001);
    expect([canonicalJson(deep, 800_000), canonicalJson([1, 2], 5)]).toEqual([undefined, '[1,2]']);
  });
});
