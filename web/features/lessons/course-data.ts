import { loadCourse, type FileMap, type LoadCourseResult } from '../../../core/index.ts';

/**
 * The course, built from `fixtures/` at build time: every file is bundled as text, keyed by
 * its path inside fixtures/ (`one-turn/lesson.json`), and validated by the core loader.
 */
const raw = import.meta.glob<string>('/fixtures/**/*', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export function relativeKeys(files: Record<string, string>, prefix: string): FileMap {
  const out: FileMap = {};
  for (const [path, text] of Object.entries(files)) {
    if (path.startsWith(prefix)) out[path.slice(prefix.length)] = text;
  }
  return out;
}

export const courseResult: LoadCourseResult = loadCourse(relativeKeys(raw, '/fixtures/'));
