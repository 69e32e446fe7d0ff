import createDOMPurify from 'dompurify';
import type { FileMap } from '../../core/index.ts';
import { linkBaseOf } from '../features/lessons/course-view.ts';
import { createMarkdownRenderer } from '../features/lessons/markdown.ts';
import { prepareCourse, type PreparedCourse } from '../features/lessons/prepare-course.ts';

/**
 * A course pack's files made ready for the page, as the build makes the shipped course's:
 * the core's loader and schemas, sealed, its markdown rendered by the same renderer and
 * sanitised by the same allow-list (DOMPurify, the page's own), its links within the app
 * leading to its own lessons. Loaded when a pack is first opened or read back, so a visit
 * that opens none does not carry the renderer.
 */
export function preparePack(files: FileMap): PreparedCourse {
  const purify = createDOMPurify(window);
  return prepareCourse(files, (course) =>
    createMarkdownRenderer(purify, { linkBase: linkBaseOf(course.id) }),
  );
}
