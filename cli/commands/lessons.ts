import type { Course } from '../../core/index.ts';
import type { CourseState } from '../course-state.ts';
import { style } from '../style.ts';

/** Lists the stages in course order, part by part, marking the current one and those that passed. */
export function listLessons(course: Course, state?: CourseState): string {
  const width = Math.max(...course.lessons.map((l) => l.id.length));
  const row = (id: string) => {
    const l = course.lessons.find((lesson) => lesson.id === id);
    if (!l) return undefined;
    const current = l.id === state?.stage;
    const mark = current ? style.cyan('▶') : state?.passed.includes(l.id) ? style.green('✓') : ' ';
    const text = `${mark} ${String(l.index + 1).padStart(2)}. ${l.id.padEnd(width)}  ${l.title} (${l.minutes} min)`;
    return current ? style.bold(text) : text;
  };
  // A course of one part lists its stages under the course's title alone.
  const parts = course.parts.length > 1 ? course.parts : [];
  const rows =
    parts.length > 0
      ? parts.flatMap((part) => [style.bold(part.title), ...part.lessons.map(row)])
      : course.lessons.map((l) => row(l.id));
  const legend = state
    ? style.dim('▶ your stage · ✓ passed when last tested')
    : style.dim('Not a course directory: `theinference init` makes one.');
  return [course.title, ...rows.filter((r) => r !== undefined), legend].join('\n');
}
