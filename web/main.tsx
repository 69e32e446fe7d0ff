// First: validators must know eval is off before any of them runs.
import './zod-config.ts';
// Next, the bundler's worker, so esbuild.wasm loads while the rest of the app is evaluated.
import './start-bundler.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so each feature's own stylesheet can build on them.
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import { App } from './app/App.tsx';
import { registerServiceWorker, whenIdleAfter } from './features/offline/service-worker-client.ts';
import { firstBundleDone, followBundler, loadBundler } from './features/runner/bundler.ts';
import { prepareRunnerFrame } from './features/runner/runner-frame.ts';
import { useAppStore } from './store/store.ts';

// The run controls show the bundler's state (and a retry if it failed).
followBundler(useAppStore.getState().setBundler);
// esbuild starts once the editor is up (on two cores, starting both at once slows both down),
// or after a while without one; a Run before then starts it on the spot. The sandboxed frame
// that runs learner code (its own process, its pool of workers) loads meanwhile, ready for
// the first Run (loading it during the lesson's first bundle would slow that down instead).
const startBundler = () => {
  unsubscribe();
  window.clearTimeout(fallback);
  prepareRunnerFrame();
  loadBundler().catch(() => undefined); // a failure shows in the run controls
};
const unsubscribe = useAppStore.subscribe((state) => state.editorReady && startBundler());
const fallback = window.setTimeout(startBundler, 2_500);
// Offline use and updates: the service worker, once the page is idle after its first bundle
// (precaching re-reads every file of the app; it must not slow the start-up or the first Run).
if (import.meta.env.PROD) {
  const { setAppUpdate } = useAppStore.getState();
  whenIdleAfter(firstBundleDone, () => {
    registerServiceWorker(() => setAppUpdate('available')).catch(() => undefined);
  });
}
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
