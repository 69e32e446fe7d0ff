import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
} from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { FileMap } from '../core/index.ts';

/** How much of a course directory the CLI reads, at most. */
export const SOURCE_LIMITS = {
  /** Bytes of one source file. */
  fileBytes: 1_000_000,
  /** Source files in all. */
  files: 500,
  /** Folders below src/. */
  depth: 16,
} as const;

/** A file the CLI did not read, and why, in words for the learner. */
export interface SkippedFile {
  path: string;
  reason: string;
}

export interface CourseSources {
  /** The `.ts` files below `src/`, keyed `src/...`. */
  files: FileMap;
  skipped: SkippedFile[];
}

// Never follow a link at the last step, never wait on a FIFO (0 where the platform has no such flag).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads a learner's `src/` with care: only regular files, each looked at with lstat and opened
 * without following a link or waiting on a FIFO; a link is read only when it leads to a file
 * inside src/ itself. Links out, loops, FIFOs, sockets, devices and over-size files are skipped
 * and named in `skipped`, never followed, waited on or printed. Dot-files and node_modules are
 * passed over silently, as are names that do not end in `.ts`.
 */
export function readCourseSources(dir: string): CourseSources {
  const src = join(dir, 'src');
  const files: FileMap = {};
  const skipped: SkippedFile[] = [];
  const srcReal = realpathSync(src);
  let count = 0;
  const skip = (full: string, reason: string) => skipped.push({ path: display(full), reason });
  const display = (full: string) => ['src', ...relative(src, full).split(sep)].join('/');

  const readFile = (full: string, opened: string) => {
    if (count >= SOURCE_LIMITS.files) return;
    const text = readRegular(opened);
    if (typeof text !== 'string') return skip(full, text.reason);
    count++;
    files[display(full)] = text;
    if (count === SOURCE_LIMITS.files) {
      skip(src, `more than ${SOURCE_LIMITS.files} source files: the rest were not read`);
    }
  };

  const walk = (current: string, depth: number) => {
    let names: string[];
    try {
      names = readdirSync(current).sort();
    } catch (error) {
      return skip(
        current,
        `could not be listed (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    for (const name of names) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const full = join(current, name);
      let stat;
      try {
        stat = lstatSync(full);
      } catch {
        continue; // gone meanwhile
      }
      if (stat.isDirectory()) {
        if (depth >= SOURCE_LIMITS.depth) skip(full, 'folders nested too deep: not read');
        else walk(full, depth + 1);
      } else if (stat.isSymbolicLink()) {
        followLink(full, name);
      } else if (name.endsWith('.ts')) {
        if (!stat.isFile()) skip(full, `${kindOf(stat)}, not a file: not read`);
        else readFile(full, full);
      }
    }
  };

  const followLink = (full: string, name: string) => {
    let target: string;
    try {
      target = realpathSync(full);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (name.endsWith('.ts') || code === 'ELOOP') {
        skip(
          full,
          code === 'ELOOP' ? 'a link that loops: not followed' : 'a broken link: not read',
        );
      }
      return;
    }
    const inside = target === srcReal || target.startsWith(srcReal + sep);
    let stat;
    try {
      stat = lstatSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) return skip(full, 'a link to a folder: not followed');
    if (!name.endsWith('.ts')) return;
    if (!inside) return skip(full, 'a link to a file outside src/: not followed');
    if (!stat.isFile()) return skip(full, `a link to ${kindOf(stat)}: not read`);
    readFile(full, target);
  };

  walk(src, 0);
  return { files, skipped };
}

/**
 * The text of a regular file of at most `maxBytes`, or why it was not read: opened without
 * following a link at its last step or waiting on a FIFO, and checked on the open file.
 */
export function readRegular(
  path: string,
  maxBytes: number = SOURCE_LIMITS.fileBytes,
): string | { reason: string } {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { reason: `could not be opened (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { reason: `${kindOf(stat)}, not a file: not read` };
    const tooBig = { reason: `over ${maxBytes / 1_000_000} MB: not read` };
    if (stat.size > maxBytes) return tooBig;
    // Read to the end, not to the size lstat saw: the file may have grown since.
    const chunks: Buffer[] = [];
    let length = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(stat.size, maxBytes) + 1);
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      if (length > maxBytes) return tooBig;
    }
    return Buffer.concat(chunks, length).toString('utf8');
  } catch (error) {
    return { reason: `could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` };
  } finally {
    closeSync(fd);
  }
}

function kindOf(stat: {
  isFIFO(): boolean;
  isSocket(): boolean;
  isCharacterDevice(): boolean;
  isBlockDevice(): boolean;
  isDirectory(): boolean;
}): string {
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isDirectory()) return 'a folder';
  return 'not a regular file';
}
