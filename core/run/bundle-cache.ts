import type { FileMap, Lesson } from '../lesson/types.ts';
import { bundleInputs, type BundleResult, type Bundler } from './bundle.ts';

/**
 * Remembers the last bundle of each lesson: pressing Run again on unchanged code (a retry,
 * watch mode, a tutor experiment undone) skips the bundler. A bundle is a pure function of the
 * lesson's bundle inputs (its harness and read-only files) and the learner's files, so a hit is
 * exactly what a fresh build would produce; a lesson of the same id in another course (a
 * course pack's) has other inputs, and never gets this one's bundle.
 */
function createBundleCache(bundle: Bundler): Bundler {
  const last = new Map<string, { key: string; result: Promise<BundleResult> }>();
  return (lesson: Lesson, files: FileMap) => {
    const key = JSON.stringify([
      bundleInputs(lesson),
      Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)),
    ]);
    const hit = last.get(lesson.id);
    if (hit && hit.key === key) return hit.result;
    const result = bundle(lesson, files);
    last.set(lesson.id, { key, result });
    return result;
  };
}

const caches = new WeakMap<Bundler, Bundler>();

/**
 * The one cache of `bundle`: whoever bundles with the same bundler instance (a Run, the page's
 * bundling ahead of a Run, live mode) shares its lessons' last bundles.
 */
export function cachedBundler(bundle: Bundler): Bundler {
  let cache = caches.get(bundle);
  if (!cache) caches.set(bundle, (cache = createBundleCache(bundle)));
  return cache;
}
