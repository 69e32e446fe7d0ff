import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesForLesson, loadCourse, sealCourse, type Course } from '../core/index.ts';
import { FIXTURES_DIR, PACKAGE_ROOT, readTree } from './node-host.ts';

/**
 * The course sealed for learners (hidden cases' expected outputs as digests), as a packed
 * package ships it in place of fixtures/: `scripts/seal-course.ts` writes it (npm's `prepack`).
 */
export const SEALED_COURSE_FILE = join(PACKAGE_ROOT, 'course.sealed.json');

export interface LoadOptions {
  /** False for authors' checks, which grade by the values (a checkout's fixtures/ only). */
  sealed?: boolean;
  sealedFile?: string;
  fixturesDir?: string;
}

/**
 * Loads the course, or explains which lesson file is broken. With `only`, just that lesson is
 * read and checked (a course without it means there is no such lesson). A learner gets it
 * sealed, as the page does. A checkout reads its fixtures/ (the authors' source, sealed here);
 * a packed package has no fixtures/, only the sealed file, so a hidden case's expected output
 * is nowhere on the learner's disk.
 */
export function loadPackagedCourse(
  only?: string,
  { sealed = true, sealedFile = SEALED_COURSE_FILE, fixturesDir = FIXTURES_DIR }: LoadOptions = {},
): { course: Course } | { error: string } {
  if (!existsSync(join(fixturesDir, 'course.json'))) {
    if (!existsSync(sealedFile)) {
      return {
        error: `The course is missing: neither ${fixturesDir} nor ${sealedFile} is there (was the package packed with --ignore-scripts?).`,
      };
    }
    if (!sealed) {
      return { error: `${sealedFile} is sealed: its hidden cases' expected outputs are digests.` };
    }
    const course = JSON.parse(readFileSync(sealedFile, 'utf8')) as Course;
    const lessons = only ? course.lessons.filter((l) => l.id === only) : course.lessons;
    return { course: { ...course, lessons } };
  }
  // One lesson reads its own folder, and the references its starter may name (starterFrom).
  const files = only ? readTree(fixturesDir, filesForLesson(only)) : readTree(fixturesDir);
  const result = loadCourse(files, only ? { only: [only] } : {});
  if (result.ok) return { course: sealed ? sealCourse(result.course) : result.course };
  const lines = result.problems.map((p) => `  fixtures/${p.file} ${p.field}: ${p.message}`);
  return { error: `The course's lesson files are invalid:\n${lines.join('\n')}` };
}
