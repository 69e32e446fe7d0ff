/** One step of a path into a JSON value: a key, or an array index. */
export type PathSegment = string | number;

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** Formats segments as a JavaScript-like path: `.key` for identifiers, `["key"]` otherwise, `[0]`. */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) out += formatSegment(segment, out === '');
  return out;
}

/** One segment as it follows others (`first`: as the path's start). */
export function formatSegment(segment: PathSegment, first: boolean): string {
  if (typeof segment === 'number') return `[${segment}]`;
  if (identifier.test(segment)) return first ? segment : `.${segment}`;
  return `[${JSON.stringify(segment)}]`;
}
