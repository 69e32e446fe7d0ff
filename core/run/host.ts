import type { FileMap } from '../lesson/types.ts';
import type { SerializedError } from './protocol.ts';

/**
 * What a host (the browser page, the CLI) hands the core so it can bundle and run
 * learner code. The core never reaches for a clock, a worker or a bundler itself.
 */

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The slice of esbuild's API the core uses: `esbuild` in Node, `esbuild-wasm` after `initialize()`. */
export interface EsbuildLike {
  build(options: object): Promise<{ outputFiles?: { path: string; text: string }[] }>;
}

export interface WorkerEvents {
  message(data: unknown): void;
  /** An error that escaped the script (uncaught exception, unhandled rejection, load failure). */
  error(error: SerializedError): void;
}

export interface WorkerHandle {
  post(message: unknown): void;
  terminate(): void;
}

/**
 * Starts a fresh worker running `script`. The host prepends exactly one line (with no
 * newline inside it) that sets `globalThis.__theinferencePort = { post(m), listen(f) }`;
 * stack traces are mapped back to the learner's lines on that assumption.
 */
export type SpawnWorker = (script: string, events: WorkerEvents) => WorkerHandle;

/** Lines the host's prelude occupies ahead of the bundle. */
export const PRELUDE_LINES = 1;

export interface GradingHost {
  esbuild: EsbuildLike;
  /** The sources of `core/` keyed by their path inside it (`run/worker-runtime.ts`). */
  coreFiles: FileMap;
  spawn: SpawnWorker;
  clock: Clock;
}
