/**
 * The URL names the course and the lesson, and may carry shared code for it:
 *
 * - `#/the-while-loop` opens a lesson of the course the app ships;
 * - `#/the-while-loop/v1.<payload>` opens it with the code a share link holds;
 * - `#/@tiny-pack/hello` (and `#/@tiny-pack/hello/v1.<payload>`) the same in an opened course
 *   pack, `tiny-pack` being its id (`@` is never in a lesson id, so the two never meet);
 *   `#/@tiny-pack` alone opens the pack where the learner last was.
 *
 * A pure pair so the mapping is testable and the hash stays the one source of truth for
 * where the learner is. What a payload holds is the share codec's business
 * (`decodeSharePayload` in core): here it is only carried, so that a damaged or unknown one
 * still opens its lesson and can be explained there. `#/course=<path>` is no place but an
 * instruction, to open the pack at that address (`packSourceOfHash`).
 */
export interface Route {
  /** The opened course pack the route is in; undefined for the course the app ships. */
  courseId?: string;
  /** The lesson; undefined for a pack's own address (`#/@<id>`). */
  lessonId?: string;
  /** The share payload (`v1.<data>`) when the link carries code; undefined for a plain link. */
  share?: string;
}

export function serializeRoute(lessonId: string, courseId?: string, share?: string): string {
  const course = courseId === undefined ? '' : `@${encodeURIComponent(courseId)}/`;
  return `#/${course}${encodeURIComponent(lessonId)}${share ? `/${share}` : ''}`;
}

/** A course pack's own address: it opens where the learner last was in it. */
export function serializeCourseRoute(courseId: string): string {
  return `#/@${encodeURIComponent(courseId)}`;
}

/** The route a hash names, or undefined when it names no lesson (nor a pack). */
export function deserializeRoute(hash: string): Route | undefined {
  const pack = /^#\/@([^/?#]+)(?:\/([^/?#]+)(?:\/([^/?#]*))?)?\/?$/.exec(hash);
  if (pack?.[1]) {
    const courseId = decode(pack[1]);
    if (courseId === undefined || !/^[a-z0-9-]+$/.test(courseId)) return undefined;
    if (pack[2] === undefined) return { courseId };
    const lesson = lessonRoute(pack[2], pack[3]);
    return lesson && { courseId, ...lesson };
  }
  const match = /^#\/([^/?#@=]+)(?:\/([^/?#]*))?\/?$/.exec(hash);
  return match?.[1] ? lessonRoute(match[1], match[2]) : undefined;
}

/** The address `#/course=<path>` asks to open a pack from, as written (percent-decoded). */
export function packSourceOfHash(hash: string): string | undefined {
  const match = /^#\/course=(.+)$/.exec(hash);
  if (!match?.[1]) return undefined;
  return decode(match[1]) ?? match[1];
}

function lessonRoute(lessonPart: string, sharePart: string | undefined): Route | undefined {
  const lessonId = decode(lessonPart);
  if (lessonId === undefined) return undefined;
  // Chat apps sometimes percent-encode a link; base64url itself never needs it.
  return sharePart ? { lessonId, share: decode(sharePart) ?? sharePart } : { lessonId };
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
