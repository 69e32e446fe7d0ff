import { describe, expect, it } from 'vitest';
import { formatTokens, wholeInput } from './usage.ts';

describe('formatTokens', () => {
  it('groups thousands', () => {
    expect(formatTokens({ input_tokens: 12_345, output_tokens: 67 })).toBe('12,345 in · 67 out');
  });

  it("shows the cache's reads and writes when there are any", () => {
    const usage = {
      input_tokens: 12,
      output_tokens: 85,
      cache_creation_input_tokens: 410,
      cache_read_input_tokens: 3_204,
    };
    expect(formatTokens(usage)).toBe('12 in · 3,204 cache read · 410 cache write · 85 out');
    const cold = { ...usage, cache_read_input_tokens: 0 };
    expect(formatTokens(cold)).toBe('12 in · 410 cache write · 85 out');
    expect(formatTokens({ ...usage, cache_creation_input_tokens: null })).toBe(
      '12 in · 3,204 cache read · 85 out',
    );
  });
});

describe('wholeInput', () => {
  it('adds what was read from the cache and written to it to the input after the breakpoint', () => {
    const usage = {
      input_tokens: 6,
      output_tokens: 85,
      cache_creation_input_tokens: 410,
      cache_read_input_tokens: 3_204,
    };
    expect(wholeInput(usage)).toBe(3_620);
    expect(wholeInput({ input_tokens: 715, output_tokens: 40 })).toBe(715);
    expect(wholeInput({ ...usage, cache_read_input_tokens: null })).toBe(416);
  });
});
