import type { FileMap } from '../../core/index.ts';

/** How many earlier drafts of one lesson a tab remembers saving. */
const PER_LESSON = 200;

/**
 * The drafts this tab has saved, per lesson, as fingerprints: a save from another tab that
 * holds one of them is an echo of this tab's own earlier work (see `mergeFromOtherTab`).
 */
export interface SavedDrafts {
  note(drafts: Readonly<Record<string, FileMap>>): void;
  has(lessonId: string, files: FileMap): boolean;
}

export function createSavedDrafts(): SavedDrafts {
  const seen = new Map<string, Set<string>>();
  /** The files object last noted per lesson: an unchanged draft keeps its object. */
  const noted = new Map<string, FileMap>();
  return {
    note(drafts) {
      for (const [lessonId, files] of Object.entries(drafts)) {
        if (noted.get(lessonId) === files) continue;
        noted.set(lessonId, files);
        const prints = seen.get(lessonId) ?? new Set<string>();
        seen.set(lessonId, prints);
        prints.delete(fingerprint(files));
        prints.add(fingerprint(files));
        // Sets keep insertion order: the oldest goes first.
        if (prints.size > PER_LESSON) prints.delete(prints.values().next().value ?? '');
      }
    },
    has(lessonId, files) {
      return seen.get(lessonId)?.has(fingerprint(files)) ?? false;
    },
  };
}

/** A 53-bit hash (cyrb53) of the files, paths sorted, with the text's length beside it. */
function fingerprint(files: FileMap): string {
  const text = JSON.stringify(
    Object.keys(files)
      .sort()
      .map((path) => [path, files[path]]),
  );
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${text.length}:${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}`;
}
