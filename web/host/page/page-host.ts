// Runs in the page's main thread: starts the two threads it talks to, bundler and runner frame.
import { createBundler, type BundlerWorker as BundlerWorkerLike } from './bundler-client.ts';
import BundlerWorker from '../bundler/bundler.worker.ts?worker';
import { createRunnerFrame } from './runner-client.ts';

/**
 * The page's host, created as this module is evaluated: boot.ts imports it ahead of the app's
 * modules, so the bundler's worker exists (and esbuild.wasm downloads and compiles) while the
 * rest of the app is evaluated.
 */
export const bundler = createBundler(
  () => new BundlerWorker({ name: 'bundler' }) as unknown as BundlerWorkerLike,
);
bundler.preload();

export const frame = createRunnerFrame({ url: `${import.meta.env.BASE_URL}${__RUNNER_FRAME__}` });

// In development, a reloaded copy of this module must not leave its frame behind.
import.meta.hot?.dispose(() => frame.dispose());
