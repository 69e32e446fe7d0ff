/**
 * Structural comparison of JSON values. The grader compares printed output with
 * `expected.json` through it, and the cassette finds where a request left the recording,
 * so equality is exact: parsed JSON deep-equal, key order ignored, arrays index by index.
 */

export type PathSegment = string | number;

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

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats segments as a JavaScript-like path: `.key` for identifiers, `["key"]` otherwise, `[0]`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (identifier.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** A path for people to read: the root, which formats as `''`, reads `(root)`. */
export function displayPath(path: string): string {
  return path === '' ? '(root)' : path;
}

/** All differences between two JSON values in document order, at most `limit` of them. */
export function diffJson(expected: unknown, actual: unknown, limit = Infinity): DiffEntry[] {
  return diffJsonSegments(expected, actual, limit).map(({ segments, ...entry }) => ({
    path: formatPath(segments),
    ...entry,
  }));
}

/** Like `diffJson`, with each path left as segments. */
export function diffJsonSegments(
  expected: unknown,
  actual: unknown,
  limit = Infinity,
): SegmentDiff[] {
  const out: SegmentDiff[] = [];
  walk(expected, actual, [], out, limit);
  return out;
}

/** A key holding `undefined` is absent, as it would be after `JSON.stringify`. */
function has(object: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(object, key) && object[key] !== undefined;
}

function walk(
  expected: unknown,
  actual: unknown,
  segments: PathSegment[],
  out: SegmentDiff[],
  limit: number,
): void {
  const push = (entry: SegmentDiff) => {
    if (out.length < limit) out.push(entry);
  };
  if (isJsonObject(expected) && isJsonObject(actual)) {
    for (const key of Object.keys(expected)) {
      if (out.length >= limit) return;
      if (!has(expected, key)) continue;
      const at = [...segments, key];
      if (has(actual, key)) walk(expected[key], actual[key], at, out, limit);
      else push({ segments: at, kind: 'missing', expected: expected[key] });
    }
    for (const key of Object.keys(actual)) {
      if (has(actual, key) && !has(expected, key)) {
        push({ segments: [...segments, key], kind: 'extra', actual: actual[key] });
      }
    }
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < Math.max(expected.length, actual.length) && out.length < limit; i++) {
      const at = [...segments, i];
      if (i >= actual.length) push({ segments: at, kind: 'missing', expected: expected[i] });
      else if (i >= expected.length) push({ segments: at, kind: 'extra', actual: actual[i] });
      else walk(expected[i], actual[i], at, out, limit);
    }
  } else if (!sameScalar(expected, actual)) {
    push({ segments, kind: 'changed', expected, actual });
  }
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return typeof a === 'number' && typeof b === 'number' && Number.isNaN(a) && Number.isNaN(b);
}

/** Deep equality of two JSON values, by the same rules as `diffJson`. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return diffJsonSegments(a, b, 1).length === 0;
}
