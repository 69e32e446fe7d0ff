/**
 * What the service worker keeps for offline use, and which of its copies answers a request.
 * Pure and environment-neutral: the build plugin (build/service-worker.ts) writes a
 * `Precache`, the worker (service.worker.ts) reads it, and tests call both directly.
 */

/** One file of the build, by its path relative to the app's base (`assets/x-1a2b.js`). */
export interface PrecacheEntry {
  url: string;
  /**
   * A hash of the content for files whose names do not carry one (index.html, runner.html,
   * public/ files); null for hashed names, which never change content.
   */
  revision: string | null;
}

/** Every file the app needs offline, and the build's version (a hash over all of them). */
export interface Precache {
  version: string;
  entries: PrecacheEntry[];
}

/** Cache Storage names this app's caches start with; the rest is the build's version. */
export const CACHE_PREFIX = 'theinference-';

/** Hashed file names are immutable: Vite writes them under `assets/`. */
export const isHashed = (url: string): boolean => url.startsWith('assets/');

/** The page that answers a navigation to the app's base (the scope itself). */
export const APP_PAGE = 'index.html';

/**
 * The precached file that answers `requestUrl`, as a path relative to `scope`, or undefined
 * when the worker should leave the request to the network: another origin, a path outside
 * the scope, or a file the build did not emit. Navigations ignore the query (a share link's
 * code is in the hash, but an address may carry `?utm=...`); the scope's root is the app.
 */
export function precachedPath(
  precache: ReadonlySet<string>,
  scope: string,
  requestUrl: string,
  navigation: boolean,
): string | undefined {
  const url = new URL(requestUrl);
  const root = new URL(scope);
  if (url.origin !== root.origin || !url.pathname.startsWith(root.pathname)) return undefined;
  if (url.search && !navigation) return undefined;
  let path = decodeURIComponent(url.pathname.slice(root.pathname.length));
  if (navigation && path === '') path = APP_PAGE;
  return precache.has(path) ? path : undefined;
}

/**
 * The caches an activating version deletes: every older one of ours but the newest, which a
 * tab still running the previous version may need for a chunk or worker it loads late.
 * `names` is in creation order (as `caches.keys()` gives them).
 */
export function cachesToDelete(names: readonly string[], current: string): string[] {
  const older = names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
  return older.slice(0, -1);
}
