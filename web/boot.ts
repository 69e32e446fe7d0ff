// Runs in the page (the app's main thread): its start-up, in order, top to bottom.
// 1. Validators must know eval is off before any of them runs.
import './zod-config.ts';
// 2. The host: the bundler's worker is created as this module is evaluated, so esbuild.wasm
//    downloads and compiles while the rest of the app is evaluated.
import { bundler, frame } from './host/page/page-host.ts';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so each feature's own stylesheet can build on them.
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import { App } from './app/App.tsx';
import { markFirstBundleDone } from './features/editor/first-bundle.ts';
import {
  registerServiceWorker,
  whenPageIdle,
  whenQuiet,
} from './features/offline/service-worker-client.ts';
import { createRunController } from './features/runner/run-controller.ts';
import { installRuns } from './features/runner/runs.ts';
import { useAppStore } from './store/store.ts';

// 3. Runs: the store follows the bundler's state (the run controls show it, with a retry).
bundler.follow(useAppStore.getState().setBundler);
const clock = {
  now: () => performance.now(),
  setTimeout: (fn: () => void, ms: number) => window.setTimeout(fn, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};
installRuns({
  controller: createRunController({ store: useAppStore, host: { bundler, frame, clock } }),
  retryBundler: () => void bundler.load().catch(() => undefined),
});

// 4. Monaco's TypeScript worker (the compiler, ~5 MB of script) starts after the page's first
//    bundle (monaco-setup.ts waits for this): on two cores it would slow the first Run by a third.
void bundler.firstBundleDone.then(markFirstBundleDone);

// 5. esbuild starts once the editor is up (on two cores, starting both at once slows both down),
//    or after a while without one; a Run before then starts it on the spot. The runner frame (its
//    own process, its pool of workers) loads at the same moment, ready for the first Run.
const startBundler = () => {
  unsubscribe();
  window.clearTimeout(fallback);
  frame.prepare();
  bundler.load().catch(() => undefined); // a failure shows in the run controls
};
const unsubscribe = useAppStore.subscribe((state) => state.editorReady && startBundler());
const fallback = window.setTimeout(startBundler, 2_500);

// 6. Offline use and updates: the service worker registers once the page is idle after its first
//    bundle and no run is going on (precaching reads every file of the app again; it must not
//    slow the start-up or the first Run, which a learner may press before that bundle is made).
if (import.meta.env.PROD) {
  const { setAppUpdate } = useAppStore.getState();
  whenQuiet(
    {
      startUp: bundler.firstBundleDone,
      running: () => useAppStore.getState().run?.phase === 'running',
      subscribe: (listener) => useAppStore.subscribe(listener),
      idle: whenPageIdle,
    },
    () => void registerServiceWorker(() => setAppUpdate('available')).catch(() => undefined),
  );
}

// 7. The app.
const root = document.getElementById('root');
if (root) createRoot(root).render(createElement(StrictMode, null, createElement(App)));
