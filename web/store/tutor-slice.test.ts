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
