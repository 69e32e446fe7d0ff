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

/** What the service worker's start waits for: the page's start-up and any run going on. */
export interface QuietSignals {
  /** Settles when the start-up's heavy work is done (the page's first bundle). */
  startUp: Promise<unknown>;
  /** Whether a run is going on now. */
  running(): boolean;
  /** Calls `listener` whenever a run may have started or ended; returns how to stop. */
  subscribe(listener: () => void): () => void;
  /** Calls `fn` when the page is idle (requestIdleCallback, or a timer where there is none). */
  idle(fn: () => void): void;
}

/**
 * Calls `start` once, when the page is idle after its first bundle and no run is going on:
 * precaching reads every file of the app again (~29 MB written to the Cache Storage on a first
 * visit, esbuild.wasm and the TypeScript worker included) and on two cores it must not compete
 * with the editor's start-up or a run, the first Run above all (a learner who presses Run the
 * moment it is enabled: it waited ~0.8 s longer for its verdict when the install ran beside it).
 * A run that starts before the idle moment comes puts the start off until it is over.
 */
export function whenQuiet(signals: QuietSignals, start: () => void): void {
  let started = false;
  const tryStart = () => {
    if (started) return;
    if (signals.running()) return void waitForRunEnd();
    started = true;
    start();
  };
  const waitForRunEnd = () => {
    const stop = signals.subscribe(() => {
      if (signals.running()) return;
      stop();
      signals.idle(tryStart);
    });
  };
  void signals.startUp.then(() => signals.idle(tryStart));
}

/** Idle moments in this browser (Safari has no requestIdleCallback). */
export function whenPageIdle(fn: () => void): void {
  const idle = (window as Partial<Window>).requestIdleCallback;
  if (idle) window.requestIdleCallback(fn, { timeout: 10_000 });
  else window.setTimeout(fn, 1_000);
}
