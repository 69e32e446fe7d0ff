import { describe, expect, it } from 'vitest';
import { deserializeRoute, serializeRoute } from './route.ts';

describe('route', () => {
  it.each([
    ['the-while-loop', '#/the-while-loop'],
    ['one-turn', '#/one-turn'],
  ])('round-trips %s', (id, hash) => {
    expect(serializeRoute(id)).toBe(hash);
    expect(deserializeRoute(hash)).toBe(id);
  });

  it.each(['', '#', '#/', '#the-while-loop', '#/a/b', '#/%E0%A4%A'])(
    'names no lesson in %j',
    (hash) => {
      expect(deserializeRoute(hash)).toBeUndefined();
    },
  );

  it('accepts a trailing slash', () => {
    expect(deserializeRoute('#/one-turn/')).toBe('one-turn');
  });
});
