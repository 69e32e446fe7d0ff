import type { FileMap, Lesson } from '../lesson/types.ts';
import type { BundleResult } from './bundle.ts';
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

/**
 * Makes the one script every case of a run executes, from the lesson and the learner's files:
 * `bundleLesson` over some esbuild (`esbuildBundler`). The CLI bundles in its own thread; the
 * page sends the work to a worker of its own, so bundling never waits for the page.
 */
export type Bundler = (lesson: Lesson, files: FileMap) => Promise<BundleResult>;

export interface GradingHost {
  /** One instance for the host's life: the core remembers each lesson's last bundle per bundler. */
  bundle: Bundler;
  spawn: SpawnWorker;
  clock: Clock;
}
