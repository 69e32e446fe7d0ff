/**
 * The URL names the lesson, and may carry shared code for it:
 *
 * - `#/the-while-loop` opens the lesson;
 * - `#/the-while-loop/v1.<payload>` opens it with the code a share link holds.
 *
 * A pure pair so the mapping is testable and the hash stays the one source of truth for
 * where the learner is. What a payload holds is the share codec's business
 * (`decodeSharePayload` in core): here it is only carried, so that a damaged or unknown one
 * still opens its lesson and can be explained there.
 */
export interface Route {
  lessonId: string;
  /** The share payload (`v1.<data>`) when the link carries code; undefined for a plain link. */
  share?: string;
}

export function serializeRoute(lessonId: string): string {
  return `#/${encodeURIComponent(lessonId)}`;
}

/** The route a hash names, or undefined when it names no lesson. */
export function deserializeRoute(hash: string): Route | undefined {
  const match = /^#\/([^/?#]+)(?:\/([^/?#]*))?\/?$/.exec(hash);
  if (!match?.[1]) return undefined;
  const lessonId = decode(match[1]);
  if (lessonId === undefined) return undefined;
  const share = match[2];
  // Chat apps sometimes percent-encode a link; base64url itself never needs it.
  return share ? { lessonId, share: decode(share) ?? share } : { lessonId };
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
