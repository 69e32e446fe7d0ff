import { describe, expect, it } from 'vitest';
import { UNSTAMPED } from './draft-stamps.ts';
import { sameFiles } from './drafts-slice.ts';
import { mergeFromOtherTab, type SyncedState } from './tab-sync.ts';

const ours = (over: Partial<SyncedState> = {}): SyncedState => ({
  drafts: { open: { 'src/loop.ts': 'mine' }, away: { 'src/loop.ts': 'old' } },
  draftStamps: {},
  progress: { open: { passed: false, attempts: 2 } },
  lastLessonId: 'open',
  shared: {},
  reloads: {},
  draftConflict: undefined,
  passedCode: {},
  carried: {},
  hintsShown: {},
  chats: {},
  ...over,
});

describe('mergeFromOtherTab', () => {
  it('adopts their drafts of lessons not on screen, and reloads them', () => {
    const { patch } = mergeFromOtherTab(ours(), { drafts: { away: { 'src/loop.ts': 'new' } } });
    expect(patch.drafts).toEqual({
      open: { 'src/loop.ts': 'mine' },
      away: { 'src/loop.ts': 'new' },
    });
    expect(patch.reloads).toEqual({ away: 1 });
    expect(patch.draftConflict).toBeUndefined();
  });

  it('never deletes a draft only this tab has, and asks to save it back', () => {
    const { patch, writeBack } = mergeFromOtherTab(ours(), { drafts: {} });
    expect(patch.drafts).toEqual(ours().drafts);
    expect(writeBack).toBe(true);
  });

  it('needs no save back when theirs holds everything this tab has', () => {
    const { writeBack } = mergeFromOtherTab(ours(), {
      drafts: { ...ours().drafts, more: { 'src/loop.ts': 'x' } },
      progress: ours().progress,
    });
    expect(writeBack).toBe(false);
  });

  it('asks to save back a pass only this tab saw', () => {
    const state = ours({ progress: { open: { passed: true, attempts: 2 } } });
    const { writeBack } = mergeFromOtherTab(state, {
      drafts: state.drafts,
      progress: { open: { passed: false, attempts: 2 } },
    });
    expect(writeBack).toBe(true);
  });

  it('never replaces the open lesson: a different draft becomes a conflict', () => {
    const theirs = { 'src/loop.ts': 'theirs' };
    const { patch } = mergeFromOtherTab(ours(), { drafts: { open: theirs } });
    expect(patch.drafts?.open).toEqual({ 'src/loop.ts': 'mine' });
    expect(patch.draftConflict).toEqual({ lessonId: 'open', theirs, stamp: UNSTAMPED });
    expect(patch.reloads).toEqual({});
  });

  it('keeps ours over their older draft (a stale copy): no conflict, no reload, saved back', () => {
    const draftStamps = { open: { at: 9, tab: 'a' }, away: { at: 9, tab: 'a' } };
    const stale = { at: 5, tab: 'b' };
    const { patch, writeBack } = mergeFromOtherTab(ours({ draftStamps }), {
      drafts: { open: { 'src/loop.ts': 'older' }, away: { 'src/loop.ts': 'older' } },
      draftStamps: { open: stale, away: stale },
    });
    expect(patch.drafts).toEqual(ours().drafts);
    expect(patch.draftStamps).toEqual(draftStamps);
    expect([patch.draftConflict, patch.reloads, writeBack]).toEqual([undefined, {}, true]);
  });

  it('takes their newer stamp of the same text, and saves back ours when it is the newer', () => {
    const newer = { at: 9, tab: 'b' };
    const same = { ...ours(), draftStamps: { open: newer, away: newer } };
    const taken = mergeFromOtherTab(ours(), same);
    expect(taken.patch.draftStamps).toEqual({ open: newer, away: newer });
    expect([taken.patch.reloads, taken.writeBack]).toEqual([{}, false]);
    const kept = mergeFromOtherTab(ours({ draftStamps: { open: { at: 10, tab: 'a' } } }), same);
    expect(kept.patch.draftStamps?.open).toEqual({ at: 10, tab: 'a' });
    expect(kept.writeBack).toBe(true);
  });

  it('ends a conflict when their draft comes to agree with ours', () => {
    const state = ours({
      draftConflict: { lessonId: 'open', theirs: { 'src/loop.ts': 'x' }, stamp: UNSTAMPED },
    });
    const { patch } = mergeFromOtherTab(state, { drafts: { open: { 'src/loop.ts': 'mine' } } });
    expect(patch.draftConflict).toBeUndefined();
  });

  it('keeps an unsettled conflict after the learner moved to another lesson', () => {
    const state = ours({
      lastLessonId: 'away',
      draftConflict: { lessonId: 'open', theirs: { 'src/loop.ts': 'x' }, stamp: UNSTAMPED },
    });
    const theirs = { 'src/loop.ts': 'y' };
    const { patch } = mergeFromOtherTab(state, { drafts: { open: theirs } });
    expect(patch.drafts?.open).toEqual({ 'src/loop.ts': 'mine' });
    expect(patch.draftConflict).toEqual({ lessonId: 'open', theirs, stamp: UNSTAMPED });
  });

  it('adopts their draft of the open lesson while it shows shared code (the draft is off screen)', () => {
    const state = ours({ shared: { open: { files: {}, edited: false } } });
    const { patch } = mergeFromOtherTab(state, { drafts: { open: { 'src/loop.ts': 'theirs' } } });
    expect(patch.drafts?.open).toEqual({ 'src/loop.ts': 'theirs' });
    expect(patch.draftConflict).toBeUndefined();
  });

  it('merges progress: a pass anywhere counts, and the larger count of attempts', () => {
    const { patch } = mergeFromOtherTab(ours(), {
      progress: { open: { passed: true, attempts: 1 }, away: { passed: false, attempts: 4 } },
    });
    expect(patch.progress).toEqual({
      open: { passed: true, attempts: 2 },
      away: { passed: false, attempts: 4 },
    });
  });

  it('keeps the later of two last verdicts', () => {
    const older = {
      status: 'fail',
      passed: 1,
      total: 5,
      summary: 'Failed: 1 of 5',
      at: 10,
    } as const;
    const newer = { status: 'pass', passed: 5, total: 5, summary: 'Passed', at: 20 } as const;
    const drafts = {};
    const state = ours({ drafts, progress: { open: { passed: false, attempts: 2, last: older } } });
    const { patch, writeBack } = mergeFromOtherTab(state, {
      progress: { open: { passed: true, attempts: 3, last: newer } },
    });
    expect(patch.progress?.open).toEqual({ passed: true, attempts: 3, last: newer });
    expect(writeBack).toBe(false);
    const back = mergeFromOtherTab(
      ours({ drafts, progress: { open: { passed: true, attempts: 3, last: newer } } }),
      { progress: { open: { passed: true, attempts: 3, last: older } } },
    );
    expect(back.patch.progress?.open?.last).toEqual(newer);
    expect(back.writeBack).toBe(true);
  });

  it('follows their theme, watch, pane and font choices', () => {
    const paneSizes = { lesson: 20, results: 40 };
    const { patch } = mergeFromOtherTab(ours(), {
      theme: 'dark',
      watch: true,
      paneSizes,
      fontSize: 16,
    });
    expect(patch).toMatchObject({ theme: 'dark', watch: true, paneSizes, fontSize: 16 });
  });
});

describe('sameFiles', () => {
  it.each([
    [undefined, undefined, true],
    [undefined, {}, true],
    [{ a: 'x' }, { a: 'x' }, true],
    [{ a: 'x' }, { a: 'y' }, false],
    [{ a: 'x' }, { b: 'x' }, false],
    [{ a: 'x' }, { a: 'x', b: 'y' }, false],
  ])('%j and %j: %s', (a, b, same) => {
    expect(sameFiles(a, b)).toBe(same);
  });

  it('takes their passing code and the larger count of hints opened, keeping what only we have', () => {
    const { patch, writeBack } = mergeFromOtherTab(
      ours({
        passedCode: { a: { 'src/loop.ts': 'ours' }, b: { 'src/loop.ts': 'only ours' } },
        hintsShown: { a: 2, b: 1 },
        progress: { a: { passed: true, attempts: 1, solutionSeen: true } },
      }),
      {
        passedCode: { a: { 'src/loop.ts': 'theirs' } },
        hintsShown: { a: 1, b: 3 },
        progress: { a: { passed: false, attempts: 4 } },
      },
    );
    expect([patch.passedCode, patch.hintsShown, patch.progress]).toEqual([
      { a: { 'src/loop.ts': 'theirs' }, b: { 'src/loop.ts': 'only ours' } },
      { a: 2, b: 3 },
      { a: { passed: true, attempts: 4, solutionSeen: true } },
    ]);
    expect(writeBack).toBe(true);
  });
});
