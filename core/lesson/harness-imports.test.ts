import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { harnessImports, missingExports } from './harness-imports.ts';
import type { Lesson } from './types.ts';

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const byId = (id: string) => loaded.course.lessons.find((l) => l.id === id) as Lesson;

describe('harnessImports and missingExports', () => {
  it('reads the values each harness imports from the learner’s files, not its types', () => {
    expect(harnessImports(byId('tool-errors'))).toEqual({
      'src/loop.ts': ['createRegistry', 'runLoop'],
    });
    expect(harnessImports(byId('the-agent'))).toEqual({ 'src/agent.ts': ['agent'] });
  });

  it('names what a bundle found missing from the learner’s files, once per name', () => {
    const error = (file: string, text: string) => ({
      file,
      line: 3,
      column: 10,
      text,
      lineText: '',
    });
    const missing = (path: string, name: string) =>
      error('program.ts', `No matching export in "ti:ws/${path}" for import "${name}"`);
    expect(
      missingExports([
        missing('src/loop.ts', 'runLoop'),
        missing('src/loop.ts', 'createRegistry'),
        missing('src/loop.ts', 'runLoop'),
        error('src/loop.ts', 'Expected ";" but found "}"'),
      ]),
    ).toEqual([{ path: 'src/loop.ts', names: ['runLoop', 'createRegistry'] }]);
  });
});
