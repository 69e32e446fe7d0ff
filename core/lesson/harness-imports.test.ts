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

  it('names what a learner’s file does not export, however it exports the rest', () => {
    const lesson = byId('tool-errors');
    const files = (text: string) => ({ ...lesson.starter, 'src/loop.ts': text });
    expect(missingExports(lesson, files('export function runLoop() {}\n'))).toEqual([
      { path: 'src/loop.ts', names: ['createRegistry'] },
    ]);
    const other =
      'const make = () => {};\nexport { make as createRegistry };\nexport const runLoop = 1;\n';
    expect(missingExports(lesson, files(other))).toEqual([]);
    expect(missingExports(lesson, lesson.starter)).toEqual([]);
    // A file the scanner cannot read is the bundler's to judge.
    expect(missingExports(lesson, files('function broken() {\n'))).toEqual([]);
  });
});
