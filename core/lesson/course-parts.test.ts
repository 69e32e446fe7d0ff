import { describe, expect, it } from 'vitest';
import { loadCourse } from './load-course.ts';

/** Every file of the course, keyed by its path below fixtures/ (as the page's build reads them). */
const fixtureFiles = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>('/fixtures/**/*', { query: '?raw', import: 'default', eager: true }),
  ).map(([path, text]) => [path.slice('/fixtures/'.length), text]),
);

/** Two lessons' files and a course.json of our own making. */
function course(meta: unknown) {
  const files = Object.fromEntries(
    Object.entries(fixtureFiles).filter(
      ([path]) => path.startsWith('one-turn/') || path.startsWith('streaming-replies/'),
    ),
  );
  return loadCourse({ ...files, 'course.json': JSON.stringify(meta) });
}

describe('a course in parts', () => {
  it('keeps the parts, and the lessons in their order across them', () => {
    const loaded = course({
      id: 'c',
      title: 'C',
      parts: [
        { title: 'One', lessons: ['one-turn'] },
        { title: 'Two', lessons: ['streaming-replies'] },
      ],
    });
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    expect(loaded.course.parts).toEqual([
      { title: 'One', lessons: ['one-turn'] },
      { title: 'Two', lessons: ['streaming-replies'] },
    ]);
    expect(loaded.course.lessons.map((l) => [l.id, l.index])).toEqual([
      ['one-turn', 0],
      ['streaming-replies', 1],
    ]);
  });

  it('makes a course of `lessons` one part, under the course title', () => {
    const loaded = course({ id: 'c', title: 'C', lessons: ['one-turn'] });
    expect(loaded.ok && loaded.course.parts).toEqual([{ title: 'C', lessons: ['one-turn'] }]);
  });

  it('refuses both forms at once, and a lesson listed twice', () => {
    const both = course({ id: 'c', title: 'C', lessons: ['one-turn'], parts: [] });
    expect(both.ok ? [] : both.problems.map((p) => p.file)).toContain('course.json');
    const twice = course({
      id: 'c',
      title: 'C',
      parts: [
        { title: 'One', lessons: ['one-turn'] },
        { title: 'Two', lessons: ['one-turn'] },
      ],
    });
    expect(twice.ok ? [] : twice.problems).toContainEqual({
      file: 'course.json',
      field: 'parts',
      message: 'one-turn is listed twice',
    });
  });
});
