import { formatPath, isJsonObject, type DiffEntry, type PathSegment } from '../json/json-diff.ts';
import { canonicalJson } from './canonical-json.ts';
import { sha256Hex } from './sha256.ts';
import type { SealedField, SealedOutput } from '../lesson/types.ts';

/**
 * Words a string needs to have a digest of its own: prose. Shorter strings are made of few
 * parts (the-agent's log lines, `turn 2 stop_reason="tool_use" → get_weather`, are 5 or 6
 * words from small domains), so their values are few.
 */
export const FREE_TEXT_WORDS = 8;

/**
 * The longest output a seal holds, as canonical JSON. The course's largest hidden output is
 * 4 KB; a printed output longer than this differs without being hashed (an 800 KB one took
 * ~0.5 s a case to write and hash on the 2-core machine).
 */
export const SEALED_OUTPUT_CHARS = 65_536;

/** The digest of a whole output; undefined for one longer than `SEALED_OUTPUT_CHARS`. */
function outputDigest(salt: string, value: unknown): string | undefined {
  const text = canonicalJson(value, SEALED_OUTPUT_CHARS);
  return text === undefined ? undefined : sha256Hex(`${salt}\n${text}`);
}

function fieldDigest(salt: string, path: readonly PathSegment[], value: unknown): string {
  return sha256Hex(`${salt}\n${JSON.stringify(path)}\n${JSON.stringify(value)}`);
}

/**
 * Seals `expected`. `own`: the strings a learner has anyway (the case's cassette and input,
 * see `caseStrings`), which get no digest of their own however long they are.
 */
export function sealOutput(
  expected: unknown,
  salt: string,
  own: ReadonlySet<string>,
): SealedOutput {
  const fields: SealedField[] = [];
  const todo: { value: unknown; path: PathSegment[] }[] = [{ value: expected, path: [] }];
  while (todo.length > 0) {
    const { value, path } = todo.pop()!;
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        todo.push({ value: value[i], path: [...path, i] });
    } else if (isJsonObject(value)) {
      const entries = Object.entries(value).filter(([, item]) => item !== undefined);
      for (const [key, item] of entries.reverse()) todo.push({ value: item, path: [...path, key] });
    } else if (typeof value === 'string' && isFreeText(value) && !own.has(value)) {
      fields.push({ path, digest: fieldDigest(salt, path, value) });
    }
  }
  const output = outputDigest(salt, expected);
  if (output === undefined) {
    throw new RangeError(
      `an expected output over ${SEALED_OUTPUT_CHARS} characters cannot be sealed`,
    );
  }
  return { salt, output, fields };
}

function isFreeText(text: string): boolean {
  return text.trim().split(/\s+/).length >= FREE_TEXT_WORDS;
}

/** Every string a case holds besides its expected output (cassette, input): what it ships. */
export function caseStrings(...values: unknown[]): Set<string> {
  const strings = new Set<string>();
  const todo = [...values];
  while (todo.length > 0) {
    const value = todo.pop();
    if (typeof value === 'string') strings.add(value);
    else if (Array.isArray(value)) todo.push(...value);
    else if (isJsonObject(value)) todo.push(...Object.values(value));
  }
  return strings;
}

/**
 * How a printed output differs from a sealed one, as far as the seal can tell: none, when it
 * matches the whole digest; else each free text it gets wrong or lacks (`changed`, `missing`,
 * at most `limit` of them, all counted in `total`), or, when none is, the whole output as
 * printed (`changed` at the root). Never an expected value: the seal holds none.
 */
export function diffSealed(
  sealed: SealedOutput,
  actual: unknown,
  limit: number,
): { entries: DiffEntry[]; total: number } {
  const entries: DiffEntry[] = [];
  let total = 0;
  for (const { path, digest } of sealed.fields) {
    const found = valueAt(actual, path);
    if (found.present && fieldDigest(sealed.salt, path, found.value) === digest) continue;
    total++;
    if (entries.length >= limit) continue;
    const at = formatPath(path);
    entries.push(
      found.present
        ? { path: at, kind: 'changed', actual: found.value }
        : { path: at, kind: 'missing' },
    );
  }
  // A free text that differs is a difference of the whole, which need not be hashed then.
  if (total > 0 || outputDigest(sealed.salt, actual) === sealed.output) return { entries, total };
  return { entries: [{ path: '', kind: 'changed', actual }], total: 1 };
}

function valueAt(value: unknown, path: readonly PathSegment[]) {
  let at = value;
  for (const segment of path) {
    const present =
      typeof segment === 'number'
        ? Array.isArray(at) && segment < at.length
        : isJsonObject(at) && Object.hasOwn(at, segment) && at[segment] !== undefined;
    if (!present) return { present: false } as const;
    at = (at as Record<PathSegment, unknown>)[segment];
  }
  return { present: true, value: at } as const;
}
