import type { FileMap, Lesson } from '../lesson/types.ts';
import type { BundleResult } from './bundle.ts';
import type { Bundler } from './host.ts';

/**
 * Remembers the last bundle of each lesson: pressing Run again on unchanged code (a retry,
 * watch mode, a tutor experiment undone) skips the bundler. A bundle is a pure function of the
 * lesson and the files, so a hit is exactly what a fresh build would produce.
 */
export function createBundleCache(bundle: Bundler): Bundler {
  const last = new Map<string, { key: string; result: Promise<BundleResult> }>();
  return (lesson: Lesson, files: FileMap) => {
    const key = JSON.stringify(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
    const hit = last.get(lesson.id);
    if (hit && hit.key === key) return hit.result;
    const result = bundle(lesson, files);
    last.set(lesson.id, { key, result });
    return result;
  };
}
