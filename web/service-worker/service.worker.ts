// Runs in the service worker (the app's origin, registered by the page): serves the whole app offline.
import { isPageToWorker } from './messages.ts';
import {
  CACHE_PREFIX,
  cachesToDelete,
  isHashed,
  precachedPath,
  type Precache,
  type PrecacheEntry,
} from './precache.ts';

/**
 * The service worker: the whole app, precached, so that a reload with no network opens the
 * last lesson, the editor comes up with the learner's draft and Run grades it.
 *
 * - Install fetches every file of the build into a cache named for the build's version.
 *   Hashed files come from the HTTP cache when the page already loaded them (nothing is
 *   downloaded twice) or are copied from the previous version's cache; the others are
 *   revalidated with the server. A missing file fails the install: half a version is never
 *   served.
 * - A new version waits until the learner chooses to reload (the page offers it) or every tab
 *   has closed; it never takes over a page by itself.
 * - Every request for a precached file is answered from this version's cache (one version's
 *   index.html with that version's chunks); anything else goes to the network.
 */

declare const self: ServiceWorkerGlobalScope;
/** Written in by the build (build/service-worker.ts). */
declare const __PRECACHE__: Precache;

const PRECACHE = __PRECACHE__;
const CACHE = `${CACHE_PREFIX}${PRECACHE.version}`;
const PATHS = new Set(PRECACHE.entries.map((entry) => entry.url));

self.addEventListener('install', (event) => event.waitUntil(fillCache()));

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(cachesToDelete(names, CACHE).map((name) => caches.delete(name)));
      // The first version takes the open page at once, so it works offline before a reload;
      // a later one gets here only when the learner reloaded for it or no tab was open.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (isPageToWorker(event.data)) void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const path = precachedPath(
    PATHS,
    self.registration.scope,
    request.url,
    request.mode === 'navigate',
  );
  if (path === undefined) return;
  event.respondWith(answer(request, path));
});

async function answer(request: Request, path: string): Promise<Response> {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(urlOf(path));
  // Evicted under storage pressure, or a request before install finished: the network then.
  return cached ?? fetch(request);
}

async function fillCache(): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(PRECACHE.entries.map((entry) => fillEntry(cache, entry)));
}

async function fillEntry(cache: Cache, entry: PrecacheEntry): Promise<void> {
  const url = urlOf(entry.url);
  if (await cache.match(url)) return;
  if (isHashed(entry.url)) {
    const earlier = await caches.match(url);
    if (earlier) return cache.put(url, earlier);
  }
  // Hashed names never change: whatever the HTTP cache holds is right. The rest is checked
  // with the server (a 304 costs a few bytes) so an old copy is never taken for the new one.
  const response = await fetch(url, { cache: isHashed(entry.url) ? 'default' : 'no-cache' });
  if (!response.ok) throw new Error(`precache: ${entry.url} answered ${response.status}`);
  await cache.put(url, response);
}

function urlOf(path: string): string {
  return new URL(path, self.registration.scope).href;
}
