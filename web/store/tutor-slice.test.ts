import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import type { AppState } from './app-state.ts';
import { createAppSlices } from './slices.ts';

const store = () => createStore<AppState>()(createAppSlices);

describe('experiment snapshots', () => {
  it('keep the text from before the first experiment, file by file', () => {
    const s = store();
    s.getState().keepBeforeExperiment('l', 'first', 'src/loop.ts', 'mine');
    s.getState().keepBeforeExperiment('l', 'second', 'src/loop.ts', 'already broken');
    s.getState().keepBeforeExperiment('l', 'second', 'src/tools.ts', 'tools');
    expect(s.getState().experimentSnapshots).toEqual<AppState['experimentSnapshots']>({
      l: { experimentId: 'first', files: { 'src/loop.ts': 'mine', 'src/tools.ts': 'tools' } },
    });
  });

  it('drops one lesson and leaves the others', () => {
    const s = store();
    s.getState().keepBeforeExperiment('a', 'x', 'src/loop.ts', 'a');
    s.getState().keepBeforeExperiment('b', 'y', 'src/loop.ts', 'b');
    s.getState().dropSnapshot('a');
    expect(Object.keys(s.getState().experimentSnapshots)).toEqual(['b']);
  });
});

describe('hints', () => {
  it('open one at a time, up to the last', () => {
    const s = store();
    for (let i = 0; i < 4; i++) s.getState().showNextHint('l', 3);
    expect(s.getState().hintsShown).toEqual({ l: 3 });
  });
});

describe('progress for the tutor', () => {
  it('keeps the files of a passing run only, and a look at the solution', () => {
    const s = store();
    s.getState().recordAttempt('l', false, { 'src/loop.ts': 'failing' });
    expect(s.getState().passedCode).toEqual({});
    s.getState().recordAttempt('l', true, { 'src/loop.ts': 'passing' });
    s.getState().markSolutionSeen('l');
    expect([s.getState().passedCode, s.getState().progress]).toEqual([
      { l: { 'src/loop.ts': 'passing' } },
      { l: { passed: true, attempts: 2, solutionSeen: true } },
    ]);
  });

  it('starts a lesson from other code: the draft, reloaded into the editor', () => {
    const s = store();
    s.getState().startFrom('l', { 'src/loop.ts': 'carried' });
    expect([s.getState().drafts, s.getState().reloads]).toEqual([
      { l: { 'src/loop.ts': 'carried' } },
      { l: 1 },
    ]);
  });
});
