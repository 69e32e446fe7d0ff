import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadPackagedCourse } from '../../cli/load.ts';
import type { FileMap, Lesson } from '../../core/index.ts';

/**
 * Lesson `id` of fixtures/ as the loader makes it (unsealed), for tests and benchmarks that lay
 * its files on disk: a starter may name files of earlier lessons' references (`starterFrom`),
 * so a copy of its `starter/` folder alone can lack some.
 */
export function loadedLesson(id: string): Lesson {
  const loaded = loadPackagedCourse(id, { sealed: false });
  if ('error' in loaded) throw new Error(loaded.error);
  const lesson = loaded.course.lessons[0];
  if (!lesson) throw new Error(`no lesson ${id} in fixtures/`);
  return lesson;
}

/**
 * Writes lesson `id`'s full starter into `dir` (a learner's course directory as `init` lays it
 * out), or with `reference`, its reference: the starter with the reference files over it.
 */
export function writeLessonFiles(dir: string, id: string, variant: 'starter' | 'reference'): void {
  writeFiles(dir, loadedLesson(id)[variant]);
}

/** Writes `files` (`/`-separated paths) into `dir`, making their folders. */
export function writeFiles(dir: string, files: FileMap): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, ...path.split('/'));
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
}
