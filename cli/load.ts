import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCourse, sealCourse, type Course } from '../core/index.ts';
import { FIXTURES_DIR, PACKAGE_ROOT, readTree } from './node-host.ts';

/**
 * The course sealed for learners (hidden cases' expected outputs as digests), as a packed
 * package ships it in place of the fixtures' expected.json files: `scripts/seal-course.ts`
 * writes it.
 */
export const SEALED_COURSE_FILE = join(PACKAGE_ROOT, 'course.sealed.json');

/**
 * Loads the packaged course, or explains which lesson file is broken. With `only`, just that
 * lesson is read and checked (a course without it means there is no such lesson). A learner
 * gets it sealed, as the page does: the sealed file when the package has one, else the
 * fixtures sealed here. `sealed: false` is for authors' checks, which grade by the values.
 */
export function loadPackagedCourse(
  only?: string,
  {
    sealed = true,
    sealedFile = SEALED_COURSE_FILE,
  }: { sealed?: boolean; sealedFile?: string } = {},
): { course: Course } | { error: string } {
  if (existsSync(sealedFile)) {
    if (!sealed) {
      return { error: `${sealedFile} is sealed: its hidden cases' expected outputs are digests.` };
    }
    const course = JSON.parse(readFileSync(sealedFile, 'utf8')) as Course;
    const lessons = only ? course.lessons.filter((l) => l.id === only) : course.lessons;
    return { course: { ...course, lessons } };
  }
  const files = only
    ? readTree(FIXTURES_DIR, (path) => path === 'course.json' || path.startsWith(`${only}/`))
    : readTree(FIXTURES_DIR);
  const result = loadCourse(files, only ? { only: [only] } : {});
  if (result.ok) return { course: sealed ? sealCourse(result.course) : result.course };
  const lines = result.problems.map((p) => `  fixtures/${p.file} ${p.field}: ${p.message}`);
  return { error: `The course's lesson files are invalid:\n${lines.join('\n')}` };
}
