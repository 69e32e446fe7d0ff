import type { FileMap, Lesson } from '../../../core/index.ts';

/** What "Download" saves: one file as it is, or several in a zip that keeps their folders. */
export type Download =
  { kind: 'file'; name: string; text: string } | { kind: 'zip'; name: string; files: FileMap };

/**
 * The learner's files for a lesson, ready to save: the editable ones as they stand (`draft`
 * over the starter) and the read-only ones from the lesson, so the folder works with the CLI.
 */
export function downloadFor(lesson: Lesson, draft: FileMap | undefined): Download {
  const files: FileMap = {};
  for (const [path, text] of Object.entries(lesson.starter)) {
    if (!path.startsWith('src/')) continue;
    files[path] = lesson.readOnly.includes(path) ? text : (draft?.[path] ?? text);
  }
  const paths = Object.keys(files);
  const only = paths[0];
  if (paths.length === 1 && only) {
    return { kind: 'file', name: only.split('/').pop() ?? only, text: files[only] ?? '' };
  }
  return { kind: 'zip', name: `${lesson.id}.zip`, files };
}
