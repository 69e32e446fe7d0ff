import type { Course } from '../../core/index.ts';
import type { CourseState } from '../course-state.ts';
import { style } from '../style.ts';

/** Lists the stages in course order, marking the current one and those that passed. */
export function listLessons(course: Course, state?: CourseState): string {
  const width = Math.max(...course.lessons.map((l) => l.id.length));
  const rows = course.lessons.map((l) => {
    const current = l.id === state?.stage;
    const mark = current ? style.cyan('▶') : state?.passed.includes(l.id) ? style.green('✓') : ' ';
    const row = `${mark} ${String(l.index + 1).padStart(2)}. ${l.id.padEnd(width)}  ${l.title} (${l.minutes} min)`;
    return current ? style.bold(row) : row;
  });
  const legend = state
    ? style.dim('▶ your stage · ✓ passed when last tested')
    : style.dim('Not a course directory: `theinference init` makes one.');
  return [course.title, ...rows, legend].join('\n');
}
