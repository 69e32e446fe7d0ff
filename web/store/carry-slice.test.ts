import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { AppState } from './app-state.ts';
import { migrate, sanitizePersisted } from './persisted-state.ts';
import { createAppSlices } from './slices.ts';
import { mergeFromOtherTab } from './tab-sync.ts';

const record = { from: 'one-turn', files: { 'src/loop.ts': 'mine' }, choices: {} };

describe('the carry slice', () => {
  it('starts a lesson from carried code, and records a choice with the draft it makes', () => {
    const store = create<AppState>()(createAppSlices);
    store.getState().startCarried('the-while-loop', record, { 'src/loop.ts': 'carried' });
    expect(store.getState().drafts['the-while-loop']).toEqual({ 'src/loop.ts': 'carried' });
    expect(store.getState().reloads['the-while-loop']).toBe(1);
    store.getState().chooseCarried(
      'the-while-loop',
      { 'src/loop.ts#runLoop': 'course' },
      {
        'src/loop.ts': 'theirs',
      },
    );
    expect(store.getState().carried['the-while-loop']).toEqual({
      ...record,
      choices: { 'src/loop.ts#runLoop': 'course' },
    });
    expect(store.getState().drafts['the-while-loop']).toEqual({ 'src/loop.ts': 'theirs' });
    // No record, nothing to choose: the draft is left alone.
    store.getState().chooseCarried('steering', { x: 'mine' }, { 'src/loop.ts': 'x' });
    expect(store.getState().drafts.steering).toBeUndefined();
  });

  it('is saved, read back with what is malformed dropped, and older saves have none yet', () => {
    const saved = {
      carried: {
        a: { ...record, choices: { 'src/loop.ts#runLoop': 'both', 'src/loop.ts#x': 'maybe' } },
        b: { from: 'one-turn', files: { 'src/loop.ts': 7 }, choices: {} },
        c: 'nope',
      },
    };
    expect(sanitizePersisted(saved)).toEqual({
      state: { carried: { a: { ...record, choices: { 'src/loop.ts#runLoop': 'both' } } } },
      lossy: true,
    });
    expect(migrate({ drafts: {} }, 2)).toMatchObject({ drafts: {}, carried: {} });
  });

  it('takes another tab’s records, and keeps those only this tab has', () => {
    const store = create<AppState>()(createAppSlices);
    store.getState().startCarried('b', record, {});
    const theirs = { carried: { a: record } };
    const { patch, writeBack } = mergeFromOtherTab(store.getState(), theirs);
    expect(patch.carried).toEqual({ a: record, b: record });
    expect(writeBack).toBe(true);
  });
});
