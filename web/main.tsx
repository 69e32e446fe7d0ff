// First: validators must know eval is off before any of them runs.
import './zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so each feature's own stylesheet can build on them.
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import { App } from './app/App.tsx';
import { loadBundler } from './features/runner/esbuild-service.ts';
import { prepareRunnerFrame } from './features/runner/runner-frame.ts';

// The bundler starts loading with the page, so the first Run finds it warm. A failure is
// shown in the run controls with a retry; nothing more to do with it here.
loadBundler().catch(() => undefined);
// The sandboxed frame that runs learner code (its own process, its pool of workers) loads once
// the page's start-up work is done, so it does not compete with the editor for the CPU; a Run
// before then creates it on the spot.
(window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1)))(prepareRunnerFrame, {
  timeout: 3_000,
});

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
