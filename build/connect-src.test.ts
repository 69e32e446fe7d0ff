import { describe, expect, it } from 'vitest';
import { API_ORIGIN, liveOrigins } from './connect-src.ts';

describe('liveOrigins', () => {
  it('is the API origin alone by default', () => {
    expect(liveOrigins(undefined)).toEqual([API_ORIGIN]);
    expect(liveOrigins('  ')).toEqual([API_ORIGIN]);
  });

  it('adds each origin once, normalised, separated by spaces or commas', () => {
    expect(
      liveOrigins(
        'https://gateway.example.com, http://127.0.0.1:4292 https://gateway.example.com/',
      ),
    ).toEqual([API_ORIGIN, 'https://gateway.example.com', 'http://127.0.0.1:4292']);
  });

  it.each([
    ['gateway.example.com', 'is not a URL'],
    ['https://gateway.example.com/v1', 'is not an http(s) origin'],
    ['https://*.example.com', 'is not an http(s) origin'],
    ["'unsafe-inline'", 'is not a URL'],
    ['ws://127.0.0.1:1', 'is not an http(s) origin'],
  ])('refuses %s', (entry, problem) => {
    expect(() => liveOrigins(entry)).toThrow(problem);
  });
});
