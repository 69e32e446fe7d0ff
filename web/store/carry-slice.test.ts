import { describe, expect, it } from 'vitest';
import { create } from 'zustand';
import { carryForward, type FileMap, type Lesson } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { carryRecord, recordedCode } from './carry-slice.ts';
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

describe('a record of code carried across lessons', () => {
  /** A lesson of a made-up course: its starter, and its reference laid over it. */
  const lesson = (id: string, index: number, starter: FileMap, reference: FileMap = {}) =>
    ({
      id,
      index,
      starter,
      reference: { ...starter, ...reference },
      readOnly: [],
      harness: '',
    }) as unknown as Lesson;
  const loop = (body: string) => `export function runLoop() {\n  ${body}\n}\n`;
  const agent = (body: string) => `export function runAgent() {\n  ${body}\n}\n`;
  // The loop's lesson, then the SDK's, then a lesson with both files again.
  const lessons = [
    lesson('loop', 0, { 'src/loop.ts': loop('// TODO') }, { 'src/loop.ts': loop('return 1;') }),
    lesson('sdk', 1, { 'src/agent.ts': agent('// TODO') }, { 'src/agent.ts': agent('return 1;') }),
    lesson('both', 2, { 'src/loop.ts': loop('return 1;'), 'src/agent.ts': agent('return 1;') }),
  ];
  const [, , both] = lessons as [Lesson, Lesson, Lesson];
  const passed: Record<string, FileMap> = {
    loop: { 'src/loop.ts': loop('return 2;') },
    sdk: { 'src/agent.ts': agent('return 3;') },
  };

  it('names the lesson each file came from, and reads back as the same carry', () => {
    const carry = carryForward(lessons, both, (l) => passed[l.id]);
    if (carry.kind !== 'carried') throw new Error('nothing carried');
    const made = carryRecord(lessons, carry, { 'src/loop.ts#runLoop': 'mine' });
    expect(made).toEqual({
      from: 'sdk',
      files: { 'src/loop.ts': loop('return 2;'), 'src/agent.ts': agent('return 3;') },
      sources: { 'src/loop.ts': 'loop' },
      choices: { 'src/loop.ts#runLoop': 'mine' },
    });
    expect(carryForward(lessons, both, recordedCode(made))).toEqual(carry);
    // Saved and read back whole; a record of one lesson has no `sources`.
    expect(sanitizePersisted({ carried: { both: made } })).toEqual({
      state: { carried: { both: made } },
      lossy: false,
    });
    const one = carryForward(lessons, both, (l) => (l.id === 'loop' ? passed.loop : undefined));
    if (one.kind !== 'carried') throw new Error('nothing carried');
    expect(carryRecord(lessons, one, {})).toEqual({
      from: 'loop',
      files: { 'src/loop.ts': loop('return 2;') },
      choices: {},
    });
  });

  it('reads a record saved before files came from several lessons as all from `from`', () => {
    const old = { from: 'loop', files: { 'src/loop.ts': loop('return 2;') }, choices: {} };
    const code = recordedCode(old);
    expect(lessons.map((l) => code(l))).toEqual([old.files, undefined, undefined]);
  });

  it('drops a record whose sources are malformed, whole: the passing code is still there', () => {
    const files = { 'src/loop.ts': 'x', 'src/agent.ts': 'y' };
    const saved = {
      carried: {
        ok: { from: 'sdk', files, sources: { 'src/loop.ts': 'loop' }, choices: {} },
        stranger: { from: 'sdk', files, sources: { 'src/other.ts': 'loop' }, choices: {} },
        inherited: { from: 'sdk', files, sources: { toString: 'loop' }, choices: {} },
        number: { from: 'sdk', files, sources: { 'src/loop.ts': 1 }, choices: {} },
        list: { from: 'sdk', files, sources: ['loop'], choices: {} },
      },
    };
    expect(sanitizePersisted(saved)).toEqual({
      state: { carried: { ok: saved.carried.ok } },
      lossy: true,
    });
  });
});
