import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS, type ChatMessage } from '../../core/index.ts';
import { chatsMissing, mergeChats, sanitizeChats } from './chat-persist.ts';
import { PERSIST_VERSION, migrate, sanitizePersisted } from './persisted-state.ts';
import { mergeFromOtherTab, type SyncedState } from './tab-sync.ts';

const said = (id: string, at: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  role: 'tutor',
  at,
  text: `message ${id}`,
  ...over,
});

describe('sanitizeChats', () => {
  it('keeps well-formed conversations whole', () => {
    const chats = {
      'one-turn': [
        said('a', 1, { role: 'learner', text: 'run it' }),
        said('b', 2, {
          quoted: { error: 'Error: x` <style>' },
          lines: ['✓ echo  2 turns · 1 tool call · 41 ms'],
          outcome: 'pass',
          highlight: { file: 'src/loop.ts', match: 'while (true)' },
          actions: [
            { label: 'Hint', intent: { type: 'command', command: 'hint' } },
            { label: 'Q', intent: { type: 'answer', kind: 'question', id: 'cap' } },
            { label: 'Open', intent: { type: 'open', target: { experiment: 'x' } } },
            {
              label: 'Ref',
              intent: { type: 'point', anchor: { file: 'f', match: 'm' }, in: 'reference' },
            },
            { label: 'Undo', intent: { type: 'undo-reset', paths: ['src/loop.ts'] } },
          ],
        }),
      ],
    };
    let dropped = 0;
    expect(sanitizeChats(chats, () => dropped++)).toEqual(chats);
    expect(dropped).toBe(0);
  });

  it('drops malformed messages and keeps the rest of the conversation', () => {
    let dropped = 0;
    const result = sanitizeChats(
      {
        a: [said('1', 1), { id: 2, role: 'tutor', at: 1, text: 'x' }, said('3', 3)],
        b: [
          { ...said('4', 4), actions: [{ label: 'x', intent: { type: 'format-disk' } }] },
          { ...said('5', 5), quoted: { error: 42 } },
        ],
        c: 'nope',
      },
      () => dropped++,
    );
    expect(result).toEqual({ a: [said('1', 1), said('3', 3)], b: [] });
    expect(dropped).toBe(3);
  });

  it('caps a conversation at its newest messages', () => {
    const long = Array.from({ length: CHAT_LIMITS.messages + 5 }, (_, i) => said(String(i), i));
    const result = sanitizeChats({ a: long }, () => undefined);
    expect(result?.a).toHaveLength(CHAT_LIMITS.messages);
    expect(result?.a?.[0]?.id).toBe('5');
  });
});

describe('a saved state with a corrupt conversation', () => {
  it('keeps the drafts and progress, and says it was lossy', () => {
    const result = sanitizePersisted({
      drafts: { 'one-turn': { 'src/loop.ts': 'mine' } },
      progress: { 'one-turn': { passed: false, attempts: 1 } },
      chats: { 'one-turn': 42 },
    });
    expect(result).toEqual({
      state: {
        drafts: { 'one-turn': { 'src/loop.ts': 'mine' } },
        progress: { 'one-turn': { passed: false, attempts: 1 } },
        chats: {},
      },
      lossy: true,
    });
    expect(sanitizePersisted({ drafts: {}, chats: 'garbage' })).toEqual({
      state: { drafts: {} },
      lossy: true,
    });
  });
});

describe('migrate', () => {
  it('brings a version 1 save up to date with no conversations yet', () => {
    expect(PERSIST_VERSION).toBe(6);
    const v1 = { drafts: { a: { 'src/loop.ts': 'x' } }, hintsShown: { a: 1 } };
    const resultsLayout = { dock: 'below', collapsed: false, height: 38 };
    const draftStamps = { a: { at: 0, tab: '' } };
    const now = { chats: {}, carried: {}, resultsLayout, courseKey: '', draftStamps };
    expect(migrate(v1, 1)).toEqual({ ...v1, ...now });
    expect(sanitizePersisted(migrate(v1, 1))).toEqual({
      state: { ...v1, ...now },
      lossy: false,
    });
  });
});

describe('mergeChats', () => {
  it('keeps every message either tab said, once, in the order they were said', () => {
    const ours = { a: [said('1', 1), said('3', 3)], b: [said('5', 5)] };
    const theirs = { a: [said('1', 1), said('2', 2)], c: [said('6', 6)] };
    const merged = mergeChats(ours, theirs);
    expect(merged).toEqual({
      a: [said('1', 1), said('2', 2), said('3', 3)],
      b: [said('5', 5)],
      c: [said('6', 6)],
    });
    expect(chatsMissing(merged, theirs)).toBe(true);
    expect(chatsMissing(theirs, merged)).toBe(false);
  });

  it('is part of the merge of another tab’s save, which is written back when it lacks ours', () => {
    const ours: SyncedState = {
      drafts: {},
      draftStamps: {},
      progress: {},
      lastLessonId: 'a',
      shared: {},
      reloads: {},
      draftConflict: undefined,
      passedCode: {},
      carried: {},
      hintsShown: {},
      chats: { a: [said('1', 1)] },
    };
    const { patch, writeBack } = mergeFromOtherTab(ours, { chats: { a: [said('2', 2)] } });
    expect(patch.chats).toEqual({ a: [said('1', 1), said('2', 2)] });
    expect(writeBack).toBe(true);
  });
});
