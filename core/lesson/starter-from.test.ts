import { describe, expect, it } from 'vitest';
import { loadCourse } from './load-course.ts';
import { filesForLesson } from './starter-from.ts';
import type { FileMap } from './types.ts';

/** one-turn's files, every path of its folder under `id/` instead. */
const oneTurn = Object.entries(
  import.meta.glob<string>('/fixtures/one-turn/**/*', {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
).map(([path, text]) => [path.slice('/fixtures/one-turn/'.length), text] as const);
const lessonJson = JSON.parse(oneTurn.find(([path]) => path === 'lesson.json')![1]) as Record<
  string,
  unknown
>;

/** A lesson made of one-turn's files, whose lesson.json names `from`, without `omit`. */
function lesson(id: string, from?: Record<string, string>, omit: string[] = []): FileMap {
  const files: FileMap = Object.fromEntries(
    oneTurn.filter(([path]) => !omit.includes(path)).map(([path, text]) => [`${id}/${path}`, text]),
  );
  if (from) files[`${id}/lesson.json`] = JSON.stringify({ ...lessonJson, starterFrom: from });
  return files;
}

/** A course of lessons `first`, `second`, `third`, in that order. */
function course(files: FileMap): FileMap {
  const meta = { id: 'c', title: 'C', lessons: ['first', 'second', 'third'] };
  return { 'course.json': JSON.stringify(meta), ...files };
}

const loop = (label: string) => `// ${label}'s reference\nexport const loop = 1;\n`;

describe('starterFrom: a starter file named from an earlier lesson’s reference', () => {
  it('fills the starter (and so the reference beneath it) with the named reference file', () => {
    const files = course({
      ...lesson('first'),
      'first/reference/src/loop.ts': loop('first'),
      ...lesson('second', { 'src/loop.ts': 'first' }, ['starter/src/loop.ts']),
      ...lesson('third'),
    });
    const loaded = loadCourse(files);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const second = loaded.course.lessons[1]!;
    expect(second.starter['src/loop.ts']).toBe(loop('first'));
    expect(Object.keys(second.starter)).toEqual(['src/loop.ts', 'src/types.ts']);
    // second's own reference file is still laid over the starter.
    expect(second.reference['src/loop.ts']).toBe(files['second/reference/src/loop.ts']);
    // Loaded alone, from the files that loading reads, it is the same.
    const alone = Object.fromEntries(
      Object.entries(files).filter(([path]) => filesForLesson('second')(path)),
    );
    const one = loadCourse(alone, { only: ['second'] });
    if (!one.ok) throw new Error(JSON.stringify(one.problems));
    expect(one.course.lessons[0]!.starter).toEqual(second.starter);
  });

  // A named file that fails is missing from the starter too, which may break more (`entry`).
  const problemsOf = (files: FileMap) => {
    const loaded = loadCourse(course(files));
    return loaded.ok ? [] : loaded.problems;
  };
  const others = { ...lesson('first'), ...lesson('third') };

  it('names a lesson the course does not have', () => {
    const second = lesson('second', { 'src/loop.ts': 'nowhere' }, ['starter/src/loop.ts']);
    expect(problemsOf({ ...others, ...second })).toContainEqual({
      file: 'second/lesson.json',
      field: 'starterFrom.src/loop.ts',
      message: 'nowhere is not a lesson of the course',
    });
  });

  it('names a lesson that comes later, or the lesson itself', () => {
    for (const from of ['third', 'second']) {
      const second = lesson('second', { 'src/loop.ts': from }, ['starter/src/loop.ts']);
      expect(problemsOf({ ...others, ...second })).toContainEqual({
        file: 'second/lesson.json',
        field: 'starterFrom.src/loop.ts',
        message: `${from} does not come before second: a starter starts from an earlier lesson`,
      });
    }
  });

  it('names a file the earlier lesson’s reference does not have', () => {
    const second = lesson('second', { 'src/tools.ts': 'first' });
    expect(problemsOf({ ...others, ...second })).toContainEqual({
      file: 'second/lesson.json',
      field: 'starterFrom.src/tools.ts',
      message: 'first has no reference file src/tools.ts (first/reference/src/tools.ts)',
    });
  });

  it('names a file the starter holds as well', () => {
    const second = lesson('second', { 'src/loop.ts': 'first' });
    expect(problemsOf({ ...others, ...second })).toContainEqual({
      file: 'second/lesson.json',
      field: 'starterFrom.src/loop.ts',
      message: 'src/loop.ts is in second/starter/ too: name it here or hold it there, not both',
    });
  });

  it('is a map of paths to lesson ids', () => {
    const second = lesson('second', { 'src/loop.ts': 'First Lesson' }, ['starter/src/loop.ts']);
    expect(problemsOf({ ...others, ...second }).map((p) => [p.file, p.field])).toContainEqual([
      'second/lesson.json',
      'starterFrom.src/loop.ts',
    ]);
  });
});
