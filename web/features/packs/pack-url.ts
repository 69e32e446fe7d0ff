import { PACK_LIMITS } from '../../../core/index.ts';

/** The address `#/course=<path>` names, resolved, or why it may not be opened. */
export type PackUrl = { ok: true; url: URL } | { ok: false; message: string };

/**
 * Resolves `path` (as `#/course=<path>` gave it) against the page's address. Only the page's
 * own origin is allowed: a pack is code the page runs and text it shows, so a link must not
 * be able to make it fetch them from a site the learner never chose (the page's CSP, with
 * `connect-src 'self'`, would refuse the request too; this says why, in words).
 */
export function resolvePackUrl(path: string, base: string): PackUrl {
  let url: URL;
  try {
    url = new URL(path, base);
  } catch {
    return { ok: false, message: `“${path}” is not an address a course pack can be opened from.` };
  }
  const origin = new URL(base).origin;
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return {
      ok: false,
      message:
        `A course pack opens from this site’s own addresses (${origin}) only, and “${path}” is not one. ` +
        'Download the pack and choose it with Open course instead.',
    };
  }
  return { ok: true, url };
}

/** A pack's bytes fetched from the page's own origin, or what went wrong, in words. */
export type FetchedPack =
  { ok: true; bytes: Uint8Array; name: string } | { ok: false; message: string };

/** Fetches the pack at `url` (see `resolvePackUrl`), bounded by PACK_LIMITS. */
export async function fetchPack(url: URL, fetcher: typeof fetch = fetch): Promise<FetchedPack> {
  const name = fileName(url);
  let response: Response;
  try {
    response = await fetcher(url, { credentials: 'same-origin', cache: 'no-cache' });
  } catch (error) {
    return {
      ok: false,
      message: `The course pack at ${url.href} could not be fetched (${describe(error)}).`,
    };
  }
  if (new URL(response.url || url.href).origin !== url.origin) {
    return { ok: false, message: `The course pack at ${url.href} redirects to another site.` };
  }
  if (!response.ok) {
    const answer = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return {
      ok: false,
      message: `The course pack at ${url.href} could not be fetched: the server answered ${answer}.`,
    };
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > PACK_LIMITS.bytes) return { ok: false, message: tooLarge(url) };
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > PACK_LIMITS.bytes) return { ok: false, message: tooLarge(url) };
  return { ok: true, bytes, name };
}

function fileName(url: URL): string {
  const last = url.pathname.split('/').pop() || url.pathname;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const tooLarge = (url: URL) =>
  `The course pack at ${url.href} is larger than the ${PACK_LIMITS.bytes / 1_000_000} MB a pack may be.`;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));
