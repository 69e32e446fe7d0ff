import type { BundleInputs, BundleResult, FileMap } from '../../../core/index.ts';

/**
 * The page to its bundler worker: start esbuild (its wasm is fetched and compiled as soon as the
 * worker exists, but runs only when told), or bundle these files (`id` pairs answer and ask).
 */
export type BundlerRequest =
  { type: 'start' } | { type: 'bundle'; id: number; lesson: BundleInputs; files: FileMap };

/** The bundler worker to the page. */
export type BundlerReply =
  | { type: 'ready' }
  /** esbuild did not start: why (the page shows the first line). */
  | { type: 'failed'; message: string }
  /**
   * `broken`: esbuild failed in itself, not over the code (it overflowed its stack, ...); the
   * worker must not be used again.
   */
  | { type: 'bundled'; id: number; result: BundleResult; broken: boolean };
