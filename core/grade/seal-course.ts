import { caseStrings, sealOutput } from './sealed-output.ts';
import { sha256Hex } from './sha256.ts';
import type { Course, LessonCase } from '../lesson/types.ts';

/**
 * The course as it ships to learners (the page's build, the CLI's package): every hidden
 * case's expected output replaced by digests (see `SealedOutput`), so that no program can
 * read it and print it back, and no value of it can be read off one guess at a time. Visible
 * cases keep theirs: the learner is shown it anyway. Deterministic, so a build is reproducible.
 */
export function sealCourse(course: Course): Course {
  return {
    ...course,
    lessons: course.lessons.map((lesson) => ({
      ...lesson,
      cases: lesson.cases.map((testCase) => sealCase(testCase, `${course.id}/${lesson.id}`)),
    })),
  };
}

function sealCase(testCase: LessonCase, lessonKey: string): LessonCase {
  if (testCase.visible || testCase.sealed) return testCase;
  const { expected, ...rest } = testCase;
  const salt = sha256Hex(`theinference sealed case ${lessonKey}/${testCase.name}`).slice(0, 32);
  const own = caseStrings(testCase.cassette, testCase.input);
  return { ...rest, visible: false, sealed: sealOutput(expected, salt, own) };
}
