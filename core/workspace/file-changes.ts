import { lineDiff, type DiffLine } from './line-diff.ts';

/** What a run did to one file of its workspace. */
export interface FileChange {
  path: string;
  kind: 'unchanged' | 'changed' | 'created' | 'deleted';
  /** The file as the run left it (as it was, for a deleted one). */
  text: string;
  /** For a changed file, its lines that changed, with two of context; absent when too long to compare. */
  diff?: DiffLine[];
}

/** Strings only: a printed `files` from code that got it wrong may hold anything. */
export function asFiles(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [path, text] of Object.entries(value)) if (typeof text === 'string') out[path] = text;
  return out;
}

/**
 * Each file of a workspace from `before` (the case's files) to `after` (as the run left
 * them), in path order. Without `after` (no run yet, or no files printed) every file is as it was.
 */
export function fileChanges(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>> | undefined,
): FileChange[] {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after ?? {})])].sort();
  return paths.map((path): FileChange => {
    const old = before[path];
    const now = after ? after[path] : old;
    if (old === undefined) return { path, kind: 'created', text: now ?? '' };
    if (now === undefined) return { path, kind: 'deleted', text: old };
    if (old === now) return { path, kind: 'unchanged', text: now };
    const diff = lineDiff(old, now);
    return { path, kind: 'changed', text: now, ...(diff ? { diff } : {}) };
  });
}
