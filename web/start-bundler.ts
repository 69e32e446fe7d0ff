import { preloadBundler } from './features/runner/bundler.ts';

// The bundler's worker is created before the rest of the app is evaluated, so esbuild.wasm
// downloads and compiles meanwhile (main.tsx starts it once the editor is up).
preloadBundler();
