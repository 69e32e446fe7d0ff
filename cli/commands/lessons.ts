import type { Course } from '../../core/index.ts';

/** Lists the stages in course order. */
export function listLessons(course: Course): string {
  const width = Math.max(...course.lessons.map((l) => l.id.length));
  const rows = course.lessons.map(
    (l) =>
      `${String(l.index + 1).padStart(2)}. ${l.id.padEnd(width)}  ${l.title} (${l.minutes} min)`,
  );
  return [`${course.title}`, ...rows].join('\n');
}
