import { describe, expect, it } from 'vitest';
import { terminalJson, terminalLine, terminalText } from './terminal-text.ts';

describe('terminal text', () => {
  it.each([
    ['clear screen', '\x1b[2J\x1b[H', '\\x1b[2J\\x1b[H'],
    ['window title', '\x1b]0;pwned\x07', '\\x1b]0;pwned\\x07'],
    ['clipboard (OSC 52)', '\x1b]52;c;aGVsbG8=\x07', '\\x1b]52;c;aGVsbG8=\\x07'],
    ['carriage return over a line', 'FAIL\rPASS', 'FAIL\\x0dPASS'],
    ['8-bit CSI', '\x9b31m', '\\x9b31m'],
    ['DEL and backspace', 'a\x7fb\x08', 'a\\x7fb\\x08'],
    ['right-to-left override', 'x\u202Ey', 'x\\u202ey'],
  ])('makes %s visible', (_, raw, shown) => {
    expect(terminalText(raw)).toBe(shown);
  });

  it('keeps newlines and tabs in text, and makes newlines visible in a line', () => {
    expect(terminalText('a\n\tb')).toBe('a\n\tb');
    expect(terminalLine('a\n\tb')).toBe('a\\x0a\tb');
  });

  it('writes JSON that parses back to the same value, with nothing a terminal acts on', () => {
    const value = { text: '\x1b[2J\x9b\u202e\u0000ok' };
    const json = terminalJson(value);
    expect(json).toBe('{\n  "text": "\\u001b[2J\\u009b\\u202e\\u0000ok"\n}');
    expect(JSON.parse(json)).toEqual(value);
  });
});
