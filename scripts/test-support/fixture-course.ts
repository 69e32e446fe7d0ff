import { loadCourse } from '../../core/lesson/load-course.ts';
import type { Course, Lesson } from '../../core/lesson/types.ts';

/**
 * For unit tests that read the real course: every file under fixtures/, through Vite's glob
 * (so vitest sees the files the page ships), loaded by core's own loader. Test-only: nothing
 * the page or the CLI builds imports it.
 */
const raw = import.meta.glob<string>('/fixtures/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const loaded = loadCourse(
  Object.fromEntries(Object.entries(raw).map(([p, t]) => [p.slice('/fixtures/'.length), t])),
);
if (!loaded.ok) throw new Error('fixtures/ does not load');

export const fixtureCourse: Course = loaded.course;

export function fixtureLesson(id: string): Lesson {
  const lesson = fixtureCourse.lessons.find((l) => l.id === id);
  if (!lesson) throw new Error(`no lesson ${id}`);
  return lesson;
}
