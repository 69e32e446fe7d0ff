import { describe, expect, it } from 'vitest';
import { createSavedDrafts } from './saved-drafts.ts';

describe('createSavedDrafts', () => {
  it('knows every draft it noted, per lesson, whatever the order of its files', () => {
    const saved = createSavedDrafts();
    saved.note({ a: { 'src/loop.ts': 'one', 'src/x.ts': 'x' } });
    saved.note({ a: { 'src/loop.ts': 'two' }, b: { 'src/loop.ts': 'one' } });
    expect(saved.has('a', { 'src/x.ts': 'x', 'src/loop.ts': 'one' })).toBe(true);
    expect(saved.has('a', { 'src/loop.ts': 'two' })).toBe(true);
    expect(saved.has('b', { 'src/loop.ts': 'one' })).toBe(true);
    expect(saved.has('a', { 'src/loop.ts': 'one' })).toBe(false);
    expect(saved.has('b', { 'src/loop.ts': 'two' })).toBe(false);
    expect(saved.has('c', { 'src/loop.ts': 'one' })).toBe(false);
  });

  it('forgets the oldest of a lesson past two hundred', () => {
    const saved = createSavedDrafts();
    for (let i = 0; i <= 200; i++) saved.note({ a: { 'src/loop.ts': `v${i}` } });
    expect(saved.has('a', { 'src/loop.ts': 'v0' })).toBe(false);
    expect(saved.has('a', { 'src/loop.ts': 'v1' })).toBe(true);
    expect(saved.has('a', { 'src/loop.ts': 'v200' })).toBe(true);
  });
});
