import { strFromU8, strToU8, unzipSync } from 'fflate';
import type { FileMap, LessonProblem } from './types.ts';

/**
 * How big a course pack may be. The shipped course, its catalogue included, is about 5 MB of
 * text in 700 files; these leave room for a course several times its size while bounding what
 * one pick of a file can make the page hold (a zip's entries are bounded by their declared
 * sizes before anything is inflated, so a zip bomb is refused unread).
 */
export const PACK_LIMITS = { bytes: 32_000_000, files: 5_000 } as const;

/**
 * A course pack's files, keyed by their path inside the pack (`course.json`,
 * `<lesson>/lesson.json`, ...), as `loadCourse` takes them; or why the input is not a pack,
 * each problem naming the file (the pack itself when the whole is wrong).
 */
export type PackRead = { ok: true; files: FileMap } | { ok: false; problems: LessonProblem[] };

const WHAT =
  'a course pack is one JSON file { "files": { "<path>": "<text>" } }, or a zip of a folder laid out as fixtures/ is (course.json and a folder per lesson)';

/**
 * Reads a pack from its bytes, whichever form it has: a zip (by its signature) or the
 * one-file JSON form. `name` is the file's name, used in what is said about it.
 */
export function readPackBytes(bytes: Uint8Array, name: string): PackRead {
  if (bytes.length > PACK_LIMITS.bytes) return refuse(name, tooLarge(bytes.length));
  if (isZip(bytes)) return readPackZip(bytes, name);
  const text = utf8(bytes);
  if (text === undefined) return refuse(name, `neither a zip nor UTF-8 text: ${WHAT}.`);
  return readPackJson(text, name);
}

/** The one-file form: `{ "files": { "<path>": "<text>", ... } }`. */
export function readPackJson(text: string, name: string): PackRead {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refuse(name, `not valid JSON (${reason}): ${WHAT}.`);
  }
  const files = isRecord(data) ? data.files : undefined;
  if (!isRecord(files)) return refuse(name, `no "files" object: ${WHAT}.`, 'files');
  const problems: LessonProblem[] = [];
  const map: FileMap = {};
  for (const [path, value] of Object.entries(files)) {
    if (typeof value === 'string') map[path] = value;
    else
      problems.push({
        file: name,
        field: `files[${JSON.stringify(path)}]`,
        message: `${describe(value)}, not text: every file of a pack is its text, as a string`,
      });
  }
  if (problems.length > 0) return { ok: false, problems };
  return packFiles(map, name);
}

/**
 * The zip form: a zip of the pack's folder, with course.json at its root or in one folder
 * (a zip of `my-pack/` holds `my-pack/course.json`); that folder is the pack. Folders, the
 * files an OS leaves behind (`__MACOSX/`, `.DS_Store`) and other dot-files are skipped; every
 * other file must be UTF-8 text.
 */
export function readPackZip(bytes: Uint8Array, name: string): PackRead {
  let declared = 0;
  let count = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (file) => {
        if (skipped(file.name)) return false;
        declared += file.originalSize;
        count += 1;
        if (declared > PACK_LIMITS.bytes) throw new PackLimitError(tooLarge(declared));
        if (count > PACK_LIMITS.files) throw new PackLimitError(tooMany(count));
        return true;
      },
    });
  } catch (error) {
    if (error instanceof PackLimitError) return refuse(name, error.message);
    const reason = error instanceof Error ? error.message : String(error);
    return refuse(name, `could not be unzipped (${reason}): ${WHAT}.`);
  }
  const root = packRoot(Object.keys(entries));
  if (root === undefined) return refuse(name, `no course.json in the zip: ${WHAT}.`, 'course.json');
  const problems: LessonProblem[] = [];
  const map: FileMap = {};
  for (const [path, data] of Object.entries(entries)) {
    if (!path.startsWith(root)) continue;
    const text = utf8(data);
    if (text === undefined) {
      problems.push({
        file: path.slice(root.length),
        field: '(file)',
        message: 'not UTF-8 text: a course pack holds text files only',
      });
    } else map[path.slice(root.length)] = text;
  }
  if (problems.length > 0) return { ok: false, problems };
  return packFiles(map, name);
}

/**
 * A folder-shaped map as a pack: paths with `/` (a `\` from Windows becomes one), relative
 * (a leading `./` or `/` is dropped), never `..`; bounded by PACK_LIMITS; course.json present.
 */
export function packFiles(files: FileMap, name: string): PackRead {
  const problems: LessonProblem[] = [];
  const out: FileMap = {};
  let bytes = 0;
  for (const [raw, text] of Object.entries(files)) {
    const path = raw.replace(/\\/g, '/').replace(/^(?:\.?\/)+/, '');
    const segments = path.split('/');
    if (path === '' || segments.some((s) => s === '..' || s === '.' || s === '')) {
      problems.push({
        file: raw,
        field: '(path)',
        message: 'not a path inside the pack: paths are relative, with no ".."',
      });
      continue;
    }
    if (path in out) {
      problems.push({ file: path, field: '(path)', message: 'in the pack twice' });
      continue;
    }
    out[path] = text;
    bytes += text.length;
  }
  const count = Object.keys(out).length;
  if (count > PACK_LIMITS.files) return refuse(name, tooMany(count));
  if (bytes > PACK_LIMITS.bytes) return refuse(name, tooLarge(bytes));
  if (problems.length > 0) return { ok: false, problems };
  if (!('course.json' in out)) {
    return refuse(name, `no course.json at the pack's root: ${WHAT}.`, 'course.json');
  }
  return { ok: true, files: out };
}

/** The folder a zip's pack is in: where its shallowest course.json is ('' for the root). */
function packRoot(paths: string[]): string | undefined {
  const found = paths
    .filter((path) => path === 'course.json' || path.endsWith('/course.json'))
    .sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b))[0];
  return found?.slice(0, found.length - 'course.json'.length);
}

/** Entries that are no file of a pack: folders, macOS's resource forks, dot-files. */
function skipped(path: string): boolean {
  if (path.endsWith('/')) return true;
  return path.split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'));
}

const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 3 || bytes[2] === 5);

/** The bytes as text when they are UTF-8 (a byte-order mark dropped), else undefined. */
function utf8(bytes: Uint8Array): string | undefined {
  const body =
    bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  const text = strFromU8(body);
  // Invalid bytes decode to U+FFFD, which encodes back to other bytes.
  return sameBytes(strToU8(text), body) ? text : undefined;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

class PackLimitError extends Error {}

const megabytes = (n: number) => `${(n / 1_000_000).toFixed(1)} MB`;
const tooLarge = (bytes: number) =>
  `too large: ${megabytes(bytes)} of files, past the ${megabytes(PACK_LIMITS.bytes)} a pack may hold`;
const tooMany = (count: number) =>
  `too many files: ${count}, past the ${PACK_LIMITS.files} a pack may hold`;

function refuse(name: string, message: string, field = '(file)'): PackRead {
  return { ok: false, problems: [{ file: name, field, message }] };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
