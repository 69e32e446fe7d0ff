import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The web app. Everything is served from this origin: Monaco and its workers come from the
 * installed package, esbuild's wasm is an asset, lessons and core sources are bundled as text.
 */
export default defineConfig({
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    // Monaco's TypeScript worker alone is several MiB; a warning about it teaches nothing.
    chunkSizeWarningLimit: 8_000,
  },
  preview: { port: 4173, strictPort: true },
});
