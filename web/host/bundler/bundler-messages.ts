import type { BundleInputs, BundleResult, FileMap } from '../../../core/index.ts';

/**
 * What the bundler worker offers the page, over the core's RPC (`createRpc`): only the page and
 * this worker hold its channel, so no message on it is learner code's.
 */
export interface BundlerMethods {
  /**
   * Starts esbuild (its wasm is fetched and compiled as soon as the worker exists, but runs only
   * when told); rejects with why it did not start (the page shows the first line).
   */
  start(arg: null): Promise<void>;
  /**
   * Bundles `files`. `broken`: esbuild failed in itself, not over the code (it overflowed its
   * stack, ...); the worker must not be used again.
   */
  bundle(arg: { lesson: BundleInputs; files: FileMap }): Promise<BundleOutcome>;
}

export interface BundleOutcome {
  result: BundleResult;
  broken: boolean;
}
