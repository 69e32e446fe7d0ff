import { loadCourse, type Course } from '../core/index.ts';
import { FIXTURES_DIR, readTree } from './node-host.ts';

/**
 * Loads the packaged course, or explains which lesson file is broken. With `only`, just that
 * lesson is read and checked (a course without it means there is no such lesson).
 */
export function loadPackagedCourse(only?: string): { course: Course } | { error: string } {
  const files = only
    ? readTree(FIXTURES_DIR, (path) => path === 'course.json' || path.startsWith(`${only}/`))
    : readTree(FIXTURES_DIR);
  const result = loadCourse(files, only ? { only: [only] } : {});
  if (result.ok) return { course: result.course };
  const lines = result.problems.map((p) => `  fixtures/${p.file} ${p.field}: ${p.message}`);
  return { error: `The course's lesson files are invalid:\n${lines.join('\n')}` };
}
