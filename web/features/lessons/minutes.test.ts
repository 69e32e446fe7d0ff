import { describe, expect, it } from 'vitest';
import { formatMinutes } from './minutes.ts';

describe('formatMinutes', () => {
  it.each([
    [0, '0 min'],
    [40, '40 min'],
    [60, '1 h'],
    [95, '1 h 35 min'],
    [120, '2 h'],
  ])('%i -> %s', (minutes, text) => {
    expect(formatMinutes(minutes)).toBe(text);
  });
});
