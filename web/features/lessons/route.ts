/**
 * The URL names the lesson: `#/the-while-loop`. A pure pair so the mapping is testable and
 * the hash stays the one source of truth for where the learner is.
 */
export function serializeRoute(lessonId: string): string {
  return `#/${encodeURIComponent(lessonId)}`;
}

/** The lesson id in a hash, or undefined when the hash names none. */
export function deserializeRoute(hash: string): string | undefined {
  const match = /^#\/([^/?#]+)\/?$/.exec(hash);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
