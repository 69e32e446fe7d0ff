import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AppState } from './app-state.ts';
import { visibleDraft, visibleDrafts } from './drafts-slice.ts';
import { createAppSlices } from './slices.ts';

const store = () => {
  const s = createStore<AppState>()(createAppSlices);
  s.setState({ drafts: { l: { 'src/loop.ts': 'mine' } } });
  return s;
};

describe('shared code', () => {
  it('is shown instead of the draft, and the draft is left alone', () => {
    const s = store();
    s.getState().openShared('l', { 'src/loop.ts': 'theirs' });
    expect(visibleDraft(s.getState(), 'l')).toEqual({ 'src/loop.ts': 'theirs' });
    expect(visibleDrafts(s.getState())).toEqual({ l: { 'src/loop.ts': 'theirs' } });
    expect(s.getState().drafts.l).toEqual({ 'src/loop.ts': 'mine' });
    expect(s.getState().reloads.l).toBe(1);
  });

  it('holds the edits made to it, not the draft, and says it was edited', () => {
    const s = store();
    s.getState().openShared('l', { 'src/loop.ts': 'theirs' });
    s.getState().editFile('l', 'src/loop.ts', 'theirs, edited');
    expect(s.getState().shared.l).toEqual({
      files: { 'src/loop.ts': 'theirs, edited' },
      edited: true,
    });
    expect(s.getState().drafts.l).toEqual({ 'src/loop.ts': 'mine' });
    expect(s.getState().lastEdit?.lessonId).toBe('l');
  });

  it('"Back to my code" drops it and asks the editor to reload the draft', () => {
    const s = store();
    s.getState().openShared('l', { 'src/loop.ts': 'theirs' });
    s.getState().editFile('l', 'src/loop.ts', 'theirs, edited');
    s.getState().closeShared('l');
    expect(s.getState().shared).toEqual({});
    expect(visibleDraft(s.getState(), 'l')).toEqual({ 'src/loop.ts': 'mine' });
    expect(s.getState().reloads.l).toBe(2);
  });

  it('"Keep the shared code" makes it the whole draft, edits included', () => {
    const s = store();
    s.setState({ drafts: { l: { 'src/loop.ts': 'mine', 'src/tools.ts': 'my other file' } } });
    s.getState().openShared('l', { 'src/loop.ts': 'theirs' });
    s.getState().editFile('l', 'src/loop.ts', 'theirs, edited');
    s.getState().keepShared('l');
    expect(s.getState().shared).toEqual({});
    expect(s.getState().drafts.l).toEqual({ 'src/loop.ts': 'theirs, edited' });
  });

  it('touches only its own lesson', () => {
    const s = store();
    s.getState().openShared('other', { 'src/loop.ts': 'theirs' });
    s.getState().editFile('l', 'src/loop.ts', 'mine, edited');
    expect(s.getState().drafts.l).toEqual({ 'src/loop.ts': 'mine, edited' });
    expect(s.getState().shared.other?.edited).toBe(false);
  });
});

describe('editFile', () => {
  it('writes the draft and records the edit for watch mode; loads never do', () => {
    const s = store();
    const before = s.getState().lastEdit;
    s.getState().openShared('l', { 'src/loop.ts': 'loaded' });
    s.getState().closeShared('l');
    expect(s.getState().lastEdit).toBe(before);
    s.getState().editFile('l', 'src/loop.ts', 'typed');
    expect(s.getState().drafts.l).toEqual({ 'src/loop.ts': 'typed' });
    expect(s.getState().lastEdit).not.toBe(before);
  });
});
