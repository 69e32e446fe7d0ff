import { loadCourse, type Course } from '../core/index.ts';
import { FIXTURES_DIR, readTree } from './node-host.ts';

/** Loads the packaged course, or explains which lesson file is broken. */
export function loadPackagedCourse(): { course: Course } | { error: string } {
  const result = loadCourse(readTree(FIXTURES_DIR));
  if (result.ok) return { course: result.course };
  const lines = result.problems.map((p) => `  fixtures/${p.file} ${p.field}: ${p.message}`);
  return { error: `The course's lesson files are invalid:\n${lines.join('\n')}` };
}
