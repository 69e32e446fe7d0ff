import { isJsonObject, type LeafEquality, type PathSegment } from '../cassette/json-diff.ts';
import { sha256Hex } from './sha256.ts';

/**
 * A hidden case's expected output as it ships to learners: its shape (keys and array
 * lengths), with every string, number, boolean and null replaced by a salted SHA-256 of the
 * value and its path. The grader compares a printed output with it by the same walk as with
 * the real values (core/cassette/json-diff.ts), so it names the same first differing,
 * missing or extra path; the values themselves cannot be read off, only produced.
 */
export interface SealedOutput {
  /** Mixed into every digest, so that digests differ between cases and from any table. */
  salt: string;
  /** The expected output with every scalar replaced by its digest (hex). */
  shape: unknown;
}

/** The digest of one scalar at one path. */
function leafDigest(salt: string, segments: readonly PathSegment[], value: unknown): string {
  return sha256Hex(`${salt}\n${JSON.stringify(segments)}\n${JSON.stringify(value)}`);
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

export function sealOutput(expected: unknown, salt: string): SealedOutput {
  const seal = (value: unknown, segments: PathSegment[]): unknown => {
    if (Array.isArray(value)) return value.map((item, i) => seal(item, [...segments, i]));
    if (isJsonObject(value)) {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) {
        if (item !== undefined) out[key] = seal(item, [...segments, key]);
      }
      return out;
    }
    if (!isScalar(value)) throw new TypeError(`not a JSON value at ${JSON.stringify(segments)}`);
    return leafDigest(salt, segments, value);
  };
  return { salt, shape: seal(expected, []) };
}

/** Compares a printed scalar with a sealed one: equal exactly when the real values are. */
export function sealedLeafEquality(salt: string): LeafEquality {
  return (sealed, actual, at) =>
    typeof sealed === 'string' && isScalar(actual) && leafDigest(salt, at(), actual) === sealed;
}
