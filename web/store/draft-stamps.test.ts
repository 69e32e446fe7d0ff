import { describe, expect, it } from 'vitest';
import { UNSTAMPED, compareStamps, nextStamp, sanitizeDraftStamps } from './draft-stamps.ts';
import { migrate, readSavedValue, sanitizePersisted } from './persisted-state.ts';

describe('draft stamps', () => {
  it('order by time, then by tab; an unstamped draft is the oldest', () => {
    expect(compareStamps({ at: 1, tab: 'b' }, { at: 2, tab: 'a' })).toBeLessThan(0);
    expect(compareStamps({ at: 2, tab: 'b' }, { at: 2, tab: 'a' })).toBeGreaterThan(0);
    expect(compareStamps({ at: 2, tab: 'a' }, { at: 2, tab: 'a' })).toBe(0);
    expect(compareStamps(UNSTAMPED, { at: 0, tab: 'a' })).toBeLessThan(0);
  });

  it('never go backwards: a change is later than the draft it replaced, even one from the future', () => {
    const future = { at: Date.now() + 60_000, tab: 'other' };
    const next = nextStamp('me', future);
    expect(next).toEqual({ at: future.at + 1, tab: 'me' });
    expect(nextStamp('me').at).toBeGreaterThan(next.at);
    expect(nextStamp('me', undefined, UNSTAMPED).at).toBeGreaterThan(next.at);
  });

  it('drop a malformed stamp (the draft stays, the oldest) and say so', () => {
    const drops: string[] = [];
    const stamps = sanitizeDraftStamps(
      {
        a: { at: 5, tab: 'x' },
        b: { at: -1, tab: 'x' },
        c: { at: 1.5, tab: 'x' },
        d: { at: 5 },
        e: 'yesterday',
        f: { at: 5, tab: 'x'.repeat(65) },
      },
      () => drops.push('dropped'),
    );
    expect(stamps).toEqual({ a: { at: 5, tab: 'x' } });
    expect(drops).toHaveLength(5);
  });

  it('are read back whole, and a corrupt one loses nothing but itself', () => {
    const drafts = { a: { 'src/loop.ts': 'mine' }, b: { 'src/loop.ts': 'also mine' } };
    const draftStamps = { a: { at: 7, tab: 'x' }, b: { at: 8, tab: 'y' } };
    expect(sanitizePersisted({ drafts, draftStamps })).toEqual({
      state: { drafts, draftStamps },
      lossy: false,
    });
    expect(sanitizePersisted({ drafts, draftStamps: { ...draftStamps, b: 'soon' } })).toEqual({
      state: { drafts, draftStamps: { a: draftStamps.a } },
      lossy: true,
    });
    expect(sanitizePersisted({ drafts, draftStamps: [1] })).toEqual({
      state: { drafts },
      lossy: true,
    });
  });
});

describe('migrating a version 5 save', () => {
  const drafts = { 'the-while-loop': { 'src/loop.ts': '// mine' } };
  const packDrafts = { hello: { 'src/loop.ts': '// pack' } };

  it('stamps every draft of every course as the oldest, and keeps the rest as it was', () => {
    const v5 = {
      drafts,
      lastLessonId: 'the-while-loop',
      courseKey: '',
      courseWork: { 'tiny-pack': { drafts: packDrafts, progress: {} }, other: { progress: {} } },
    };
    const unstamped = { at: 0, tab: '' };
    const now = {
      ...v5,
      draftStamps: { 'the-while-loop': unstamped },
      courseWork: {
        'tiny-pack': { drafts: packDrafts, draftStamps: { hello: unstamped }, progress: {} },
        other: { progress: {} },
      },
    };
    expect(migrate(structuredClone(v5), 5)).toEqual(now);
    expect(sanitizePersisted(migrate(structuredClone(v5), 5))).toEqual({
      state: now,
      lossy: false,
    });
    // Another tab's version 5 save reads the same way.
    expect(readSavedValue(JSON.stringify({ state: v5, version: 5 }))).toEqual(now);
  });
});
