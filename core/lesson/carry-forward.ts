import { mergeLines } from './merge-lines.ts';
import type { FileMap, Lesson } from './types.ts';

/**
 * Lessons are stages over one codebase: each starter is the previous lesson's reference plus
 * a new stub. So the learner's own code from the previous lesson can start the next one: a
 * three-way merge per file of base = the previous reference, ours = the learner's passing
 * code, theirs = the next starter.
 */
export type CarryForward =
  /** Nothing to carry: no file in common, or the learner's code is the reference's. */
  | { kind: 'none' }
  /** The next lesson's editable files, starting from the learner's code. */
  | { kind: 'merged'; files: FileMap }
  /** The learner's code and the new stub change the same lines of these files. */
  | { kind: 'conflict'; conflicts: { path: string; startLine: number; endLine: number }[] };

export function carryForward(previous: Lesson, next: Lesson, passed: FileMap): CarryForward {
  const files: FileMap = {};
  const conflicts: Extract<CarryForward, { kind: 'conflict' }>['conflicts'] = [];
  let carried = false;
  for (const [path, starter] of Object.entries(next.starter)) {
    if (next.readOnly.includes(path)) continue;
    const base = previous.reference[path];
    const ours = passed[path];
    if (base === undefined || ours === undefined || previous.readOnly.includes(path)) {
      files[path] = starter;
      continue;
    }
    const merged = mergeLines(base, ours, starter);
    if (!merged.ok) {
      for (const { ours: at } of merged.conflicts) conflicts.push({ path, ...at });
      continue;
    }
    files[path] = merged.text;
    if (merged.text !== normalise(starter)) carried = true;
  }
  if (conflicts.length > 0) return { kind: 'conflict', conflicts };
  return carried ? { kind: 'merged', files } : { kind: 'none' };
}

function normalise(text: string): string {
  return text.replace(/\r\n/g, '\n');
}
