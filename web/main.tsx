import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// Global styles first, so each feature's own stylesheet can build on them.
import './styles/base.css';
import './styles/layout.css';
import './styles/controls.css';
import { App } from './app/App.tsx';
import { loadBundler } from './features/runner/esbuild-service.ts';

// The bundler starts loading with the page, so the first Run finds it warm. A failure is
// shown in the run controls with a retry; nothing more to do with it here.
loadBundler().catch(() => undefined);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
