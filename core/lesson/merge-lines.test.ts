import { describe, expect, it } from 'vitest';
import { mergeLines } from './merge-lines.ts';

const text = (...lines: string[]) => `${lines.join('\n')}\n`;
const base = text('a', 'b', 'c', 'd', 'e');

describe('mergeLines', () => {
  it.each([
    ['only ours changed', text('a', 'B', 'c', 'd', 'e'), base, text('a', 'B', 'c', 'd', 'e')],
    ['only theirs changed', base, text('a', 'b', 'c', 'D', 'e'), text('a', 'b', 'c', 'D', 'e')],
    [
      'both changed different lines',
      text('a', 'B', 'c', 'd', 'e'),
      text('a', 'b', 'c', 'D', 'e'),
      text('a', 'B', 'c', 'D', 'e'),
    ],
    [
      'ours rewrote a block, theirs added after it',
      text('a', 'x', 'y', 'z', 'e'),
      text('a', 'b', 'c', 'd', 'e', 'f', 'g'),
      text('a', 'x', 'y', 'z', 'e', 'f', 'g'),
    ],
    [
      'ours inserted, theirs deleted elsewhere',
      text('new', 'a', 'b', 'c', 'd', 'e'),
      text('a', 'b', 'c', 'e'),
      text('new', 'a', 'b', 'c', 'e'),
    ],
    [
      'both made the same change',
      text('a', 'B', 'c', 'd', 'e'),
      text('a', 'B', 'c', 'd', 'e'),
      text('a', 'B', 'c', 'd', 'e'),
    ],
    ['nothing changed', base, base, base],
  ])('merges when %s', (_what, ours, theirs, merged) => {
    expect(mergeLines(base, ours, theirs)).toEqual({ ok: true, text: merged });
  });

  it('reports where in ours both changed the same lines differently', () => {
    expect(mergeLines(base, text('a', 'b', 'X', 'd', 'e'), text('a', 'b', 'Y', 'd', 'e'))).toEqual({
      ok: false,
      conflicts: [{ ours: { startLine: 3, endLine: 3 } }],
    });
  });

  it('keeps CRLF input apart from its line endings', () => {
    const crlf = (s: string) => s.replace(/\n/g, '\r\n');
    expect(mergeLines(crlf(base), crlf(text('a', 'B', 'c', 'd', 'e')), base)).toEqual({
      ok: true,
      text: text('a', 'B', 'c', 'd', 'e'),
    });
  });
});
