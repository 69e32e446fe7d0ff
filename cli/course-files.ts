import { closeSync, constants, lstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { readRegular } from './read-sources.ts';

/** What is at a path in a course directory, looked at without following links. */
export type CourseFile =
  | { kind: 'missing' }
  | { kind: 'file'; text: string }
  /** Something the CLI neither reads nor writes through: a link, a FIFO, a folder, a big file. */
  | { kind: 'other'; reason: string };

/** Every folder from `root` down to `path` that exists must be a real folder, not a link. */
function linkOnTheWay(root: string, path: string): string | undefined {
  let current = root;
  for (const part of relative(root, dirname(path)).split(sep).filter(Boolean)) {
    current = join(current, part);
    try {
      const stat = lstatSync(current);
      if (!stat.isDirectory()) return `${relative(root, current)} is not a folder`;
    } catch {
      return; // the rest does not exist yet
    }
  }
  return;
}

/** Reads `path` (relative to `root`, `/`-separated) from a course directory, with care. */
export function readCourseFile(root: string, path: string): CourseFile {
  const full = join(root, ...path.split('/'));
  const onTheWay = linkOnTheWay(root, full);
  if (onTheWay) return { kind: 'other', reason: onTheWay };
  let stat;
  try {
    stat = lstatSync(full);
  } catch {
    return { kind: 'missing' };
  }
  if (stat.isSymbolicLink()) return { kind: 'other', reason: 'a link' };
  const text = readRegular(full);
  return typeof text === 'string' ? { kind: 'file', text } : { kind: 'other', ...text };
}

const WRITE_FLAGS =
  constants.O_WRONLY |
  constants.O_CREAT |
  constants.O_TRUNC |
  (constants.O_NOFOLLOW ?? 0) |
  (constants.O_NONBLOCK ?? 0);

/**
 * Writes `path` in a course directory, making its folders, but never through a link (of the
 * file or of a folder on the way) and never into a FIFO. Returns why not, if it did not.
 */
export function writeCourseFile(root: string, path: string, text: string): string | undefined {
  const full = join(root, ...path.split('/'));
  const onTheWay = linkOnTheWay(root, full);
  if (onTheWay) return onTheWay;
  try {
    mkdirSync(dirname(full), { recursive: true });
    const fd = openSync(full, WRITE_FLAGS, 0o644);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return;
  } catch (error) {
    return `could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  }
}
