import type { PageToWorker } from '../../service-worker/messages.ts';

/** A tab left open for days still hears of a new deployment. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
/** If the new worker has not taken over by then (it was replaced meanwhile), reload anyway. */
const TAKE_OVER_WITHIN_MS = 3_000;

let registration: ServiceWorkerRegistration | undefined;
let reloading = false;

/**
 * Registers the service worker (web/service-worker/service.worker.ts, built as `sw.js` at the
 * base, so its scope is the whole app) and tells `onUpdate` when a newer version is ready
 * to take over this tab: a new worker installed while this one controls the page, or another
 * tab already reloaded into it. The page is never reloaded without the learner asking
 * (`reloadIntoNewVersion`).
 */
export async function registerServiceWorker(onUpdate: () => void): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  const base = import.meta.env.BASE_URL;
  const controlled = container.controller !== null;
  container.addEventListener('controllerchange', () => {
    if (reloading) window.location.reload();
    // Another tab moved to a newer version; this page still runs the one it loaded.
    else if (controlled) onUpdate();
  });
  const reg = await container.register(`${base}sw.js`, { scope: base, updateViaCache: 'none' });
  registration = reg;
  const follow = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) onUpdate();
    });
  // The browser may have found the new version on this navigation, before we listened.
  if (reg.waiting && container.controller) onUpdate();
  follow(reg.installing);
  reg.addEventListener('updatefound', () => follow(reg.installing));
  window.setInterval(() => void reg.update().catch(() => undefined), UPDATE_CHECK_MS);
}

/**
 * The learner chose to reload: the waiting version takes over and the page reloads into it
 * (drafts and progress are in localStorage, saved as they changed). Without a waiting version
 * (none yet, or another tab already switched), it asks the server for one first.
 */
export async function reloadIntoNewVersion(): Promise<void> {
  if (registration && !registration.waiting) await registration.update().catch(() => undefined);
  const waiting = registration?.waiting;
  if (!waiting) return window.location.reload();
  reloading = true;
  waiting.postMessage({ type: 'skip-waiting' } satisfies PageToWorker);
  window.setTimeout(() => window.location.reload(), TAKE_OVER_WITHIN_MS);
}

/**
 * Calls `start` once the page is idle after its first bundle: precaching reads every file of
 * the app again (from the HTTP cache on a first visit) and must not compete with the editor's
 * start-up or the first verdict.
 */
export function whenIdleAfter(startUp: Promise<unknown>, start: () => void): void {
  // Safari has no requestIdleCallback.
  const idle = (window as Partial<Window>).requestIdleCallback;
  void startUp.then(() => {
    if (idle) window.requestIdleCallback(start, { timeout: 10_000 });
    else window.setTimeout(start, 1_000);
  });
}
