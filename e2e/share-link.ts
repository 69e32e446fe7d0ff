import { encodeShareFragment, type FileMap, type Lesson } from '../core/index.ts';
import { loadedLesson } from '../scripts/test-support/lesson-dir.ts';

/**
 * Share links as the app makes them, built by core's codec from fixtures/ (never written):
 * the lesson as the codec needs it (its id, read-only files and full starter, as the loader
 * makes it), and a link to files.
 */
export function codecLesson(id: string): Lesson {
  return loadedLesson(id);
}

/** The app's path (`/#/<lesson>/v1.…`) to the lesson's starter with `files` over it. */
export function shareLink(lessonId: string, files: FileMap): string {
  const lesson = codecLesson(lessonId);
  return `/${encodeShareFragment(lesson, { ...lesson.starter, ...files })}`;
}
