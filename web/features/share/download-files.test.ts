import { describe, expect, it } from 'vitest';
import type { Lesson } from '../../../core/index.ts';
import { downloadFor } from './download-files.ts';

const lesson = (starter: Record<string, string>, readOnly: string[] = []) =>
  ({ id: 'the-while-loop', starter, readOnly }) as unknown as Lesson;

describe('downloadFor', () => {
  it('zips the files, the draft over the starter, read-only files as the lesson has them', () => {
    const l = lesson({ 'src/loop.ts': 'starter', 'src/types.ts': 'types' }, ['src/types.ts']);
    expect(downloadFor(l, { 'src/loop.ts': 'mine', 'src/types.ts': 'changed?' })).toEqual({
      kind: 'zip',
      name: 'the-while-loop.zip',
      files: { 'src/loop.ts': 'mine', 'src/types.ts': 'types' },
    });
  });

  it('saves a lone file as itself', () => {
    expect(downloadFor(lesson({ 'src/agent.ts': 'a' }), undefined)).toEqual({
      kind: 'file',
      name: 'agent.ts',
      text: 'a',
    });
  });
});
