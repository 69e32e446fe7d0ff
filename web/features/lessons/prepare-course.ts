import {
  loadCourse,
  sealCourse,
  type Course,
  type FileMap,
  type LoadCourseResult,
} from '../../../core/index.ts';
import type { MarkdownRender } from './markdown.ts';
import { lessonMarkdown, markdownKey } from './markdown-text.ts';

/** A course as the page is given it, or what is wrong with its files. */
export interface PreparedCourse {
  courseResult: LoadCourseResult;
  /** Every text the course shows, as sanitised HTML, keyed by `markdownKey`. */
  markdownHtml: Record<string, string>;
}

/**
 * A course's files made ready for the page: loaded and checked by the core's loader (the one
 * the CLI uses), sealed (`sealCourse`: each hidden case's expected output only as digests,
 * before anything can show or grade it), and its lesson and tutor markdown rendered by the
 * renderer `rendererFor` gives for the course (the page's, over DOMPurify; a pack's leads its
 * links within the app to its own lessons). The build does this for the shipped course
 * (build/course-at-build.ts, over jsdom); the page for a course pack it opens.
 */
export function prepareCourse(
  files: FileMap,
  rendererFor: (course: Course) => MarkdownRender,
): PreparedCourse {
  const loaded = loadCourse(files);
  const markdownHtml: Record<string, string> = {};
  if (!loaded.ok) return { courseResult: loaded, markdownHtml };
  const course = sealCourse(loaded.course);
  const render = rendererFor(course);
  for (const lesson of course.lessons) {
    for (const [text, depth] of lessonMarkdown(lesson)) {
      markdownHtml[markdownKey(text, depth)] ??= render(text, depth);
    }
  }
  return { courseResult: { ok: true, course }, markdownHtml };
}
