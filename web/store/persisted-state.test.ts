import { describe, expect, it } from 'vitest';
import {
  NewerSaveError,
  PERSIST_VERSION,
  migrate,
  readSavedValue,
  sanitizePersisted,
} from './persisted-state.ts';
import { DEFAULT_LIVE_SETTINGS } from './live-slice.ts';

describe('sanitizePersisted', () => {
  it('keeps a well-formed saved state whole', () => {
    const saved = {
      drafts: { 'one-turn': { 'src/loop.ts': 'x' } },
      progress: {
        'one-turn': {
          passed: true,
          attempts: 2,
          last: {
            status: 'pass',
            passed: 2,
            total: 2,
            summary: 'Passed: all 2 cases pass.',
            at: 1,
          },
        },
      },
      watch: true,
      paneSizes: { lesson: 22.5, results: 35 },
      fontSize: 16,
      theme: 'dark',
      lastLessonId: 'one-turn',
      experimentSnapshots: {
        'the-while-loop': { experimentId: 'drop-the-results', files: { 'src/loop.ts': 'mine' } },
      },
      passedCode: { 'one-turn': { 'src/loop.ts': 'passed' } },
      hintsShown: { 'one-turn': 2 },
    };
    expect(sanitizePersisted(saved)).toEqual({ state: saved, lossy: false });
  });

  it('keeps a look at the solution, and drops a malformed one with the tutor’s other saves', () => {
    expect(
      sanitizePersisted({
        progress: {
          a: { passed: false, attempts: 1, solutionSeen: true },
          b: { passed: false, attempts: 1, solutionSeen: 'yes' },
        },
        passedCode: { a: { 'src/loop.ts': 1 } },
        hintsShown: { a: -1, b: 1 },
      }),
    ).toEqual({
      state: {
        progress: {
          a: { passed: false, attempts: 1, solutionSeen: true },
          b: { passed: false, attempts: 1 },
        },
        passedCode: { a: {} },
        hintsShown: { b: 1 },
      },
      lossy: true,
    });
  });

  it('drops malformed parts, keeps the rest, and says it was lossy', () => {
    const result = sanitizePersisted({
      drafts: { a: { 'src/loop.ts': 'ok', 'src/x.ts': 42 }, b: 'nope' },
      progress: {
        a: { passed: 'yes', attempts: 1 },
        b: { passed: false, attempts: 3 },
        c: { passed: true, attempts: 1, last: { status: 'pass', passed: 3, total: 2 } },
      },
      watch: 'on',
      paneSizes: { lesson: 90, results: 30 },
      fontSize: 13.5,
      theme: 'purple',
      experimentSnapshots: {
        a: { experimentId: 'x', files: { 'src/loop.ts': 'kept' } },
        b: { experimentId: 'y', files: { 'src/loop.ts': 7 } },
        c: 'nope',
      },
    });
    expect(result).toEqual({
      state: {
        drafts: { a: { 'src/loop.ts': 'ok' } },
        progress: { b: { passed: false, attempts: 3 }, c: { passed: true, attempts: 1 } },
        experimentSnapshots: { a: { experimentId: 'x', files: { 'src/loop.ts': 'kept' } } },
      },
      lossy: true,
    });
  });

  it.each([[null], [undefined]])('treats %j as nothing saved', (value) => {
    expect(sanitizePersisted(value)).toEqual({ state: {}, lossy: false });
  });

  it.each([['text'], [[1, 2]], [7]])('treats %j as unreadable', (value) => {
    expect(sanitizePersisted(value)).toEqual({ state: {}, lossy: true });
  });
});

describe('migrate', () => {
  it('refuses a state from a newer version', () => {
    expect(() => migrate({}, PERSIST_VERSION + 1)).toThrow(NewerSaveError);
    expect(() => migrate({}, PERSIST_VERSION + 1)).toThrow(/newer version/);
  });

  it('puts a version 3 save’s results below the editor, unless its results column was resized', () => {
    const drafts = { 'one-turn': { 'src/loop.ts': '// mine' } };
    const untouched = { drafts, paneSizes: { lesson: 22, results: 30 }, carried: {} };
    const below = { dock: 'below', collapsed: false, height: 38 };
    const shipped = { courseKey: '', draftStamps: { 'one-turn': { at: 0, tab: '' } } };
    expect(migrate(untouched, 3)).toEqual({ ...untouched, resultsLayout: below, ...shipped });
    expect(migrate({ drafts, carried: {} }, 3)).toEqual({
      drafts,
      carried: {},
      resultsLayout: below,
      ...shipped,
    });
    const resized = { drafts, paneSizes: { lesson: 28, results: 42 }, carried: {} };
    expect(migrate(resized, 3)).toEqual({
      ...resized,
      resultsLayout: { ...below, dock: 'right' },
      ...shipped,
    });
    // The learner's code comes through every step whole.
    expect(sanitizePersisted(migrate(resized, 3)).state.drafts).toEqual(drafts);
  });

  it('keeps a version 4 save as the shipped course’s work, unchanged, knowing no other course', () => {
    const v4 = {
      drafts: { 'the-while-loop': { 'src/loop.ts': '// mine' } },
      progress: { 'one-turn': { passed: true, attempts: 3 } },
      lastLessonId: 'the-while-loop',
      passedCode: { 'one-turn': { 'src/loop.ts': '// passed' } },
      carried: {},
      hintsShown: { 'the-while-loop': 1 },
      chats: {},
      theme: 'dark',
      resultsLayout: { dock: 'right', collapsed: false, height: 38 },
    };
    const migrated = migrate(structuredClone(v4), 4);
    const now = { ...v4, courseKey: '', draftStamps: { 'the-while-loop': { at: 0, tab: '' } } };
    expect(migrated).toEqual(now);
    expect(sanitizePersisted(migrated)).toEqual({ state: now, lossy: false });
    // As another tab's save: their work is this course's, and they say nothing of other courses.
    const read = readSavedValue(JSON.stringify({ state: v4, version: 4 }));
    expect(read).toEqual(now);
  });
});

describe('work per course', () => {
  const work = {
    drafts: { hello: { 'src/loop.ts': '// pack draft' } },
    progress: { hello: { passed: false, attempts: 1 } },
    lastLessonId: 'hello',
  };

  it('keeps the open course’s key and every other course’s work', () => {
    const saved = { courseKey: 'tiny-pack', drafts: {}, courseWork: { '': work, other: {} } };
    expect(sanitizePersisted(saved)).toEqual({ state: saved, lossy: false });
  });

  it('drops a malformed key or course, and a stale copy of the open course, and says so', () => {
    expect(
      sanitizePersisted({
        courseKey: 'tiny-pack',
        courseWork: {
          'Bad Key': work,
          'tiny-pack': work,
          fine: { ...work, hintsShown: { hello: -1 } },
          gone: 'nope',
        },
      }),
    ).toEqual({
      state: { courseKey: 'tiny-pack', courseWork: { fine: { ...work, hintsShown: {} } } },
      lossy: true,
    });
    expect(sanitizePersisted({ courseKey: '../x', courseWork: [] })).toEqual({
      state: {},
      lossy: true,
    });
  });
});

describe('the results layout and word wrap', () => {
  it('are kept when well-formed, and dropped (lossy) when not', () => {
    const layout = { dock: 'right', collapsed: true, height: 50 };
    expect(sanitizePersisted({ resultsLayout: layout, wordWrap: false })).toEqual({
      state: { resultsLayout: layout, wordWrap: false },
      lossy: false,
    });
    for (const bad of [
      { dock: 'left', collapsed: false, height: 40 },
      { dock: 'below', collapsed: 'no', height: 40 },
      { dock: 'below', collapsed: false, height: 99 },
      { dock: 'below', collapsed: false, height: Number.NaN },
      'below',
    ]) {
      expect(sanitizePersisted({ resultsLayout: bad, drafts: {} })).toEqual({
        state: { drafts: {} },
        lossy: true,
      });
    }
    expect(sanitizePersisted({ wordWrap: 'yes' }).lossy).toBe(true);
  });
});

describe('live settings', () => {
  it('are saved, and the key is not among them', () => {
    const saved = sanitizePersisted({
      liveSettings: {
        model: 'claude-haiku-5-5',
        baseURL: 'http://127.0.0.1:4292',
        maxCalls: 3,
        maxTokens: 9000,
        apiKey: 'sk-ant-x',
      },
    });
    expect(saved).toEqual({
      state: {
        liveSettings: {
          model: 'claude-haiku-5-5',
          baseURL: 'http://127.0.0.1:4292',
          maxCalls: 3,
          maxTokens: 9000,
        },
      },
      lossy: false,
    });
  });

  it('fall back to the defaults where malformed', () => {
    expect(
      sanitizePersisted({ liveSettings: { maxCalls: -1, baseURL: 4 } }).state.liveSettings,
    ).toEqual(DEFAULT_LIVE_SETTINGS);
    expect(sanitizePersisted({ liveSettings: 'x' }).lossy).toBe(true);
  });
});

describe('readSavedValue (another tab saved)', () => {
  const drafts = { 'one-turn': { 'src/loop.ts': '// mine' } };

  it('reads a save of this version', () => {
    const raw = JSON.stringify({
      state: { drafts, lastLessonId: 'one-turn' },
      version: PERSIST_VERSION,
    });
    expect(readSavedValue(raw)).toEqual({ drafts, lastLessonId: 'one-turn' });
  });

  it("says when the save is a newer version's, which this tab cannot read", () => {
    const raw = JSON.stringify({ state: { drafts }, version: PERSIST_VERSION + 1 });
    expect(readSavedValue(raw)).toBe('newer');
  });

  it.each([['not json'], ['{"state":{}}'], ['null'], ['{"state":{},"version":"1"}']])(
    'ignores a malformed save: %s',
    (raw) => {
      expect(readSavedValue(raw)).toBeUndefined();
    },
  );
});
