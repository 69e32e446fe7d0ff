import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { harnessImports } from './harness-imports.ts';
import type { Lesson } from './types.ts';

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const byId = (id: string) => loaded.course.lessons.find((l) => l.id === id) as Lesson;

describe('harnessImports', () => {
  it('reads the values each harness imports from the learner’s files, not its types', () => {
    expect(harnessImports(byId('tool-errors'))).toEqual({
      'src/loop.ts': ['createRegistry', 'runLoop'],
    });
    expect(harnessImports(byId('the-agent'))).toEqual({ 'src/agent.ts': ['agent'] });
  });
});
