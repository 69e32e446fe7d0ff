import { formatPath, formatSegment, type PathSegment } from '../wire/format-path.ts';

// Where a path is written is the worker's business too (core/sandbox): one way, shared.
export { formatPath, type PathSegment };
/**
 * Structural comparison of JSON values. The grader compares printed output with
 * `expected.json` through it, and the cassette finds where a request left the recording,
 * so equality is exact: parsed JSON deep-equal, key order ignored, arrays index by index.
 *
 * The walk is iterative and keeps paths as links to their parent, so any value a program can
 * print (half a million levels deep, or half a million items long) is compared in time and
 * memory proportional to its size, without overflowing the stack.
 */

/** One difference between an expected and an actual JSON value. */
export interface DiffEntry {
  /** Where the values differ, e.g. `trajectory[0].input.text`; `''` is the root (see `displayPath`). */
  path: string;
  /** `changed`: both present but different; `missing`: only expected has it; `extra`: only actual. */
  kind: 'changed' | 'missing' | 'extra';
  /** The expected value there; undefined when `kind` is `extra`. */
  expected?: unknown;
  /** The actual value there; undefined when `kind` is `missing`. */
  actual?: unknown;
}

/** A difference located by path segments rather than a formatted path. */
export interface SegmentDiff extends Omit<DiffEntry, 'path'> {
  segments: PathSegment[];
}

export interface DiffOptions {
  /** Entries to keep, in document order (default: all). */
  limit?: number;
  /** Count the differences past `limit` too (`total`), instead of stopping there. */
  count?: boolean;
}

export interface CountedDiff<Entry> {
  /** The first `limit` differences. */
  entries: Entry[];
  /** Every difference, kept or not (equal to `entries.length` unless counting). */
  total: number;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Levels a path keeps at each end when it is formatted for a report. */
const PATH_ENDS = 20;

/**
 * Formats the path of a link, keeping its first and last `PATH_ENDS` levels of a deeper one
 * (`[0][0]…399,960 levels…[0]`): one pass up the links, whatever the depth.
 */
function formatLink(link: PathLink | undefined): string {
  const tail: PathSegment[] = [];
  const head: PathSegment[] = [];
  let depth = 0;
  for (let at = link; at; at = at.parent) {
    if (tail.length < PATH_ENDS) tail.push(at.segment);
    else {
      head.push(at.segment);
      if (head.length > PATH_ENDS) head.shift();
    }
    depth++;
  }
  if (depth <= PATH_ENDS * 2) return formatPath([...tail, ...head].reverse());
  const start = formatPath(head.reverse());
  const skipped = depth - PATH_ENDS * 2;
  let end = '';
  for (const segment of tail.reverse()) end += formatSegment(segment, false);
  return `${start}…${skipped.toLocaleString('en-US')} levels…${end}`;
}

/** A path for people to read: the root, which formats as `''`, reads `(root)`. */
export function displayPath(path: string): string {
  return path === '' ? '(root)' : path;
}

/** All differences between two JSON values in document order, at most `limit` of them. */
export function diffJson(expected: unknown, actual: unknown, limit = Infinity): DiffEntry[] {
  return diffJsonCounted(expected, actual, { limit }).entries;
}

/**
 * Like `diffJson`, also counting the differences past `limit`; a path deeper than 40 levels
 * is shortened in the middle, so each entry stays small however deep the values go.
 */
export function diffJsonCounted(
  expected: unknown,
  actual: unknown,
  options: Omit<DiffOptions, 'count'> = {},
): CountedDiff<DiffEntry> {
  const { entries, total } = walkDiff(expected, actual, { ...options, count: true });
  return {
    entries: entries.map(({ at, ...entry }) => ({ path: formatLink(at), ...entry })),
    total,
  };
}

/** Like `diffJson`, with each path left as segments (in full). */
export function diffJsonSegments(
  expected: unknown,
  actual: unknown,
  limit = Infinity,
): SegmentDiff[] {
  return walkDiff(expected, actual, { limit }).entries.map(({ at, ...entry }) => ({
    segments: segmentsOf(at),
    ...entry,
  }));
}

/** Deep equality of two JSON values, by the same rules as `diffJson`. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return walkDiff(a, b, { limit: 1 }).total === 0;
}

/** A difference as the walk finds it, its path still a link. */
interface LinkedDiff extends Omit<DiffEntry, 'path'> {
  at: PathLink | undefined;
}

/** A path as a link to its parent: descending costs one small object, not a copied array. */
interface PathLink {
  parent: PathLink | undefined;
  segment: PathSegment;
}

function segmentsOf(link: PathLink | undefined): PathSegment[] {
  const out: PathSegment[] = [];
  for (let at = link; at; at = at.parent) out.push(at.segment);
  return out.reverse();
}

/** A key holding `undefined` is absent, as it would be after `JSON.stringify`. */
function has(object: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(object, key) && object[key] !== undefined;
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
}

/** An object or an array being compared: where the walk is inside it. */
type Frame =
  | {
      object: true;
      expected: Record<string, unknown>;
      actual: Record<string, unknown>;
      at: PathLink | undefined;
      keys: string[];
      next: number;
      /** Set once the expected keys are done: the actual keys, searched for extra ones. */
      extra?: string[];
    }
  | {
      object: false;
      expected: unknown[];
      actual: unknown[];
      at: PathLink | undefined;
      next: number;
    };

function walkDiff(
  expected: unknown,
  actual: unknown,
  { limit = Infinity, count = false }: DiffOptions,
): CountedDiff<LinkedDiff> {
  const entries: LinkedDiff[] = [];
  let total = 0;
  const stack: Frame[] = [];

  /** Records one difference; false once the walk should stop. */
  const record = (
    kind: LinkedDiff['kind'],
    at: PathLink | undefined,
    e: unknown,
    a: unknown,
  ): boolean => {
    total++;
    if (entries.length < limit) {
      const entry: LinkedDiff = { at, kind };
      if (kind !== 'extra') entry.expected = e;
      if (kind !== 'missing') entry.actual = a;
      entries.push(entry);
    }
    return count || entries.length < limit;
  };

  /** Compares one pair: containers are entered, anything else compared at once. */
  const visit = (e: unknown, a: unknown, at: PathLink | undefined): boolean => {
    if (isJsonObject(e) && isJsonObject(a)) {
      stack.push({ object: true, expected: e, actual: a, at, keys: Object.keys(e), next: 0 });
      return true;
    }
    if (Array.isArray(e) && Array.isArray(a)) {
      stack.push({ object: false, expected: e, actual: a, at, next: 0 });
      return true;
    }
    if (sameScalar(e, a)) return true;
    return record('changed', at, e, a);
  };

  if (limit <= 0 && !count) return { entries, total };
  let going = visit(expected, actual, undefined);
  while (going && stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    if (frame.object) {
      const { expected: e, actual: a } = frame;
      if (!frame.extra) {
        if (frame.next < frame.keys.length) {
          const key = frame.keys[frame.next++]!;
          if (!has(e, key)) continue;
          const at = { parent: frame.at, segment: key };
          going = has(a, key)
            ? visit(e[key], a[key], at)
            : record('missing', at, e[key], undefined);
          continue;
        }
        frame.extra = Object.keys(a);
        frame.next = 0;
      }
      if (frame.next < frame.extra.length) {
        const key = frame.extra[frame.next++]!;
        if (has(a, key) && !has(e, key)) {
          going = record('extra', { parent: frame.at, segment: key }, undefined, a[key]);
        }
        continue;
      }
    } else {
      const { expected: e, actual: a } = frame;
      const i = frame.next++;
      if (i < Math.max(e.length, a.length)) {
        const at = { parent: frame.at, segment: i };
        if (i >= a.length) going = record('missing', at, e[i], undefined);
        else if (i >= e.length) going = record('extra', at, undefined, a[i]);
        else going = visit(e[i], a[i], at);
        continue;
      }
    }
    stack.pop();
  }
  return { entries, total };
}
