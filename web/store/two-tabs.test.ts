import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import type { AppState, PersistedState } from './app-state.ts';
import { PERSIST_VERSION, partialize, readSavedValue } from './persisted-state.ts';
import { createAppSlices } from './slices.ts';
import { mergeFromOtherTab } from './tab-sync.ts';

const ONE = 'one-turn';
const TWO = 'the-while-loop';
const PATH = 'src/loop.ts';

/** A tab of its own (its own store), with `lessonId` on screen. */
function openTab(lessonId: string) {
  const tab = create<AppState>()(createAppSlices);
  tab.getState().setLastLessonId(lessonId);
  return tab;
}
type Tab = ReturnType<typeof openTab>;

/** What a tab saves, as another tab reads it from storage: through JSON, like the real thing. */
function saveOf(tab: Tab): Partial<PersistedState> {
  const raw = JSON.stringify({ state: partialize(tab.getState()), version: PERSIST_VERSION });
  const read = readSavedValue(raw);
  if (!read || read === 'newer') throw new Error('a save this version cannot read');
  return read;
}

/** The tab hears another tab's save (its `storage` event); says whether it saves back. */
function hear(tab: Tab, save: Partial<PersistedState>): boolean {
  const { patch, writeBack } = mergeFromOtherTab(tab.getState(), save);
  tab.setState(patch);
  return writeBack;
}

describe('two tabs on different lessons, saves crossing', () => {
  it('a stale copy of A’s draft that B saves again never beats A’s newer one, nor conflicts', () => {
    const a = openTab(ONE);
    const b = openTab(TWO);
    a.getState().editFile(ONE, PATH, '// A, first');
    hear(b, saveOf(a));
    expect(b.getState().drafts[ONE]).toEqual({ [PATH]: '// A, first' });

    // A edits again while B, not yet told, edits its own lesson: the two saves cross.
    a.getState().editFile(ONE, PATH, '// A, later');
    b.getState().editFile(TWO, PATH, '// B');
    const fromA = saveOf(a);
    const fromB = saveOf(b);
    expect(fromB.drafts?.[ONE]).toEqual({ [PATH]: '// A, first' });

    // A hears B's save, with its stale copy of A's draft: A keeps its own, no banner, and saves
    // back (storage now holds the stale copy).
    const writeBack = hear(a, fromB);
    expect(a.getState().drafts[ONE]).toEqual({ [PATH]: '// A, later' });
    expect(a.getState().draftConflict).toBeUndefined();
    expect(a.getState().drafts[TWO]).toEqual({ [PATH]: '// B' });
    expect(writeBack).toBe(true);

    // B hears A's save (crossed) and A's save back: B takes A's later draft, keeps its own.
    hear(b, fromA);
    hear(b, saveOf(a));
    expect(b.getState().drafts).toEqual({
      [ONE]: { [PATH]: '// A, later' },
      [TWO]: { [PATH]: '// B' },
    });
    expect(b.getState().draftConflict).toBeUndefined();

    // And the next save either way changes nothing: they agree.
    expect(hear(a, saveOf(b))).toBe(false);
    expect(a.getState().drafts).toEqual(b.getState().drafts);
    expect(a.getState().draftConflict).toBeUndefined();
  });

  it('B re-saving its stale copy again and again, later, still never beats A’s draft', () => {
    const a = openTab(ONE);
    const b = openTab(TWO);
    a.getState().editFile(ONE, PATH, '// A, first');
    hear(b, saveOf(a));
    a.getState().editFile(ONE, PATH, '// A, later');
    for (const text of ['// B1', '// B2']) {
      b.getState().editFile(TWO, PATH, text);
      hear(a, saveOf(b));
    }
    expect(a.getState().drafts[ONE]).toEqual({ [PATH]: '// A, later' });
    expect(a.getState().draftConflict).toBeUndefined();
  });
});

describe('two tabs on one lesson', () => {
  it('offer the other’s newer draft, and a choice either way is the newer one (as storage.spec)', () => {
    const a = openTab(ONE);
    const b = openTab(ONE);
    a.getState().editFile(ONE, PATH, '// A');
    hear(b, saveOf(a));
    expect(b.getState().draftConflict).toMatchObject({ lessonId: ONE, theirs: { [PATH]: '// A' } });
    expect(b.getState().drafts[ONE]).toBeUndefined();
    b.getState().resolveDraftConflict('theirs');
    expect(b.getState().drafts[ONE]).toEqual({ [PATH]: '// A' });
    hear(a, saveOf(b));
    expect(a.getState().draftConflict).toBeUndefined();

    b.getState().editFile(ONE, PATH, '// B');
    hear(a, saveOf(b));
    expect(a.getState().draftConflict).toMatchObject({ theirs: { [PATH]: '// B' } });
    expect(a.getState().drafts[ONE]).toEqual({ [PATH]: '// A' });
    // A's save in the meantime (its own, older draft) is no news to B: no banner there.
    expect(hear(b, saveOf(a))).toBe(true);
    expect(b.getState().draftConflict).toBeUndefined();

    a.getState().resolveDraftConflict('mine');
    expect(a.getState().draftConflict).toBeUndefined();
    // Keeping mine is a change: B hears it as the newer draft, and chooses in turn.
    hear(b, saveOf(a));
    expect(b.getState().draftConflict).toMatchObject({ theirs: { [PATH]: '// A' } });
    expect(b.getState().drafts[ONE]).toEqual({ [PATH]: '// B' });
    b.getState().resolveDraftConflict('theirs');
    hear(a, saveOf(b));
    expect(a.getState().draftConflict).toBeUndefined();
    expect(a.getState().draftStamps[ONE]).toEqual(b.getState().draftStamps[ONE]);
  });

  it('both editing since they last agreed: each offered the other’s, nothing lost', () => {
    const a = openTab(ONE);
    const b = openTab(ONE);
    a.getState().editFile(ONE, PATH, '// A');
    b.getState().editFile(ONE, PATH, '// B');
    const [fromA, fromB] = [saveOf(a), saveOf(b)];
    hear(a, fromB);
    hear(b, fromA);
    // The later change is offered in the other tab; the earlier one is saved back from its own.
    const offered = [a, b].filter((tab) => tab.getState().draftConflict);
    expect(offered).toHaveLength(1);
    expect(a.getState().drafts[ONE]).toEqual({ [PATH]: '// A' });
    expect(b.getState().drafts[ONE]).toEqual({ [PATH]: '// B' });
  });

  it('a draft saved before stamps is the oldest: any change since wins, and agrees', () => {
    const a = openTab(TWO);
    const b = openTab(TWO);
    const old = { [ONE]: { [PATH]: '// from version 5' } };
    a.setState({ drafts: old, draftStamps: {} });
    b.setState({ drafts: old, draftStamps: {} });
    expect(hear(a, saveOf(b))).toBe(false);
    a.getState().editFile(ONE, PATH, '// A, since');
    hear(a, saveOf(b));
    expect(a.getState().drafts[ONE]).toEqual({ [PATH]: '// A, since' });
    hear(b, saveOf(a));
    expect(b.getState().drafts[ONE]).toEqual({ [PATH]: '// A, since' });
    expect([a.getState().draftConflict, b.getState().draftConflict]).toEqual([
      undefined,
      undefined,
    ]);
  });
});
