import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { encodeShareFragment, type FileMap, type Lesson } from '../core/index.ts';

/**
 * Share links as the app makes them, built by core's codec from fixtures/ (never written):
 * the lesson as the codec needs it (its id, read-only files and starter), and a link to files.
 */
export function codecLesson(id: string): Lesson {
  const dir = join(import.meta.dirname, '..', 'fixtures', id);
  const meta = JSON.parse(readFileSync(join(dir, 'lesson.json'), 'utf8')) as {
    readOnly: string[];
  };
  const src = join(dir, 'starter', 'src');
  const starter: FileMap = Object.fromEntries(
    readdirSync(src).map((f) => [`src/${f}`, readFileSync(join(src, f), 'utf8')]),
  );
  return { id, readOnly: meta.readOnly, starter } as unknown as Lesson;
}

/** The app's path (`/#/<lesson>/v1.…`) to the lesson's starter with `files` over it. */
export function shareLink(lessonId: string, files: FileMap): string {
  const lesson = codecLesson(lessonId);
  return `/${encodeShareFragment(lesson, { ...lesson.starter, ...files })}`;
}
