import { describe, expect, it } from 'vitest';
import { timeAgo } from './time-ago.ts';

const minute = 60_000;

describe('timeAgo', () => {
  it.each([
    [-5 * minute, 'just now'],
    [30_000, 'just now'],
    [5 * minute, '5 min ago'],
    [59 * minute, '59 min ago'],
    [3 * 60 * minute, '3 h ago'],
    [25 * 60 * minute, 'yesterday'],
    [3 * 24 * 60 * minute, '3 days ago'],
  ])('%i ms ago reads %j', (ago, text) => {
    expect(timeAgo(1_000_000_000 - ago, 1_000_000_000)).toBe(text);
  });
});
