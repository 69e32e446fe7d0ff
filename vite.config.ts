import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { LEARNER_LIBS } from './core/lesson/learner-libs.ts';
import { CONNECT_SRC_ENV, liveOrigins } from './build/connect-src.ts';
import { courseAtBuild } from './build/course-at-build.ts';
import { precompress } from './build/precompress.ts';
import { preloadChunk } from './build/preload-chunk.ts';
import { runnerFrame } from './build/runner-frame.ts';
import { serviceWorker } from './build/service-worker.ts';
import { onlyTypescriptLibs } from './build/typescript-libs.ts';

/**
 * The app's Content-Security-Policy. Everything comes from this origin; the exceptions are
 * what the app's own machinery needs:
 * - `'wasm-unsafe-eval'`: esbuild-wasm compiles its WebAssembly;
 * - `worker-src blob:`: esbuild-wasm starts its worker from a Blob URL;
 * - `style-src 'unsafe-inline'`: Monaco and React set inline styles;
 * - `font-src data:` / `img-src data:`: Monaco's icons and the editor's small images;
 * - `connect-src`: live mode's calls to the Messages API (https://api.anthropic.com), plus the
 *   origins this build was given in THEINFERENCE_CONNECT_SRC (a gateway; the tests' stand-in).
 * Learner code never runs under this policy: it runs in `/runner.html`, a sandboxed frame with a
 * far stricter one (see build/runner-frame.ts).
 */
const LIVE_ORIGINS = liveOrigins(process.env[CONNECT_SRC_ENV]);
const APP_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
  'img-src': ["'self'", 'data:'],
  'connect-src': ["'self'", ...LIVE_ORIGINS],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/**
 * Writes the policy into index.html as its first element, in the build and in `npm start`
 * alike. The one development-only exception: the dev server's inline React Refresh preamble,
 * allowed by its SHA-256 hash (computed here, so nothing else inline is allowed). Vite's HMR
 * socket is same-origin, which `connect-src 'self'` already allows.
 */
function contentSecurityPolicy(): Plugin {
  return {
    name: 'theinference:content-security-policy',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const policy = structuredClone(APP_POLICY);
        if (context.server) policy['script-src'].push(...inlineScriptHashes(html));
        const content = Object.entries(policy)
          .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
          .join('; ');
        const meta = `<meta http-equiv="Content-Security-Policy" content="${content}" />`;
        // First in <head> (after the charset), ahead of every script, including those the dev
        // server prepends: a policy covers only what follows it.
        const charset = /\s*<meta charset="[^"]*"\s*\/?>/i;
        const first = charset.exec(html)?.[0].trim() ?? '<meta charset="UTF-8" />';
        return html.replace(charset, '').replace(/<head>/i, `<head>\n    ${first}\n    ${meta}`);
      },
    },
  };
}

function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/** Only this app's own pages may frame its pages (the runner frame included). */
const headers = { 'Content-Security-Policy': "frame-ancestors 'self'" };

/**
 * The web app. Everything is served from this origin: Monaco and its workers come from the
 * installed package, esbuild's wasm is an asset, lessons and core sources are bundled as text.
 */
export default defineConfig({
  plugins: [
    react(),
    contentSecurityPolicy(),
    preloadChunk('web/features/editor/EditorPane.tsx'),
    courseAtBuild(fileURLToPath(new URL('fixtures', import.meta.url))),
    runnerFrame(fileURLToPath(new URL('web/host/runner-frame/frame.ts', import.meta.url))),
    precompress('node_modules/.cache/theinference/precompressed'),
    serviceWorker(fileURLToPath(new URL('web/service-worker/service.worker.ts', import.meta.url))),
  ],
  // Live mode checks a base URL against the policy before it tries to reach it.
  define: { __THEINFERENCE_LIVE_ORIGINS__: JSON.stringify(LIVE_ORIGINS) },
  worker: { format: 'es', plugins: () => [onlyTypescriptLibs(LEARNER_LIBS)] },
  build: {
    target: 'es2022',
    // Monaco's TypeScript worker alone is several MiB; a warning about it teaches nothing.
    chunkSizeWarningLimit: 8_000,
  },
  /*
   * The dev server (`npm start`, the README's first command): every dependency the first
   * page needs (its workers' too) is pre-bundled before the first request, so a first visit
   * does not wait on an optimizer pass found late: esbuild-wasm, found only when the bundler
   * worker started, re-optimised and reloaded the page. Timed by
   * scripts/bench/dev-first-visit.ts (noisy on a shared 2-core machine).
   */
  optimizeDeps: {
    entries: ['index.html'],
    include: [
      'react',
      'react-dom',
      'react-dom/client',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'zustand',
      'zustand/vanilla',
      'zustand/middleware',
      'zod',
      'fflate',
      'marked',
      'dompurify',
      '@monaco-editor/react',
      'monaco-editor/editor/editor.api',
      'monaco-editor/languages/features/typescript/register',
      'monaco-editor/languages/definitions/typescript/register',
      'monaco-editor/internal/common/workers',
      'monaco-editor/features/find/register',
      'highlight.js/lib/core',
      'highlight.js/lib/languages/typescript',
      'highlight.js/lib/languages/json',
      '@jridgewell/trace-mapping',
      // The bundler worker's: found only when the worker starts, it re-optimised and reloaded.
      'esbuild-wasm',
    ],
  },
  server: { headers },
  preview: { port: 4173, strictPort: true, headers },
});
