import type { Bundler } from './bundle.ts';
import type { SerializedError } from '../wire/errors.ts';

/**
 * What a host (the browser page, the CLI) hands the core so it can bundle and run
 * learner code. The core never reaches for a clock, a worker or a bundler itself.
 */

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface WorkerEvents {
  message(data: unknown): void;
  /** An error that escaped the script (uncaught exception, unhandled rejection, load failure). */
  error(error: SerializedError): void;
}

export interface WorkerHandle {
  post(message: unknown): void;
  /** Ends the case and the worker with it: a worker runs one case, however the case ended. */
  terminate(): void;
}

/**
 * Starts `script` (the bundle with the host's one-line prelude already at its head, see
 * `withPrelude`) in a fresh worker of its own, one realm per case: both hosts start workers
 * ahead (booted, the runtime evaluated where the host can), and never give one a second case.
 */
export type SpawnWorker = (script: string, events: WorkerEvents) => WorkerHandle;

/** Lines the host's prelude occupies ahead of the bundle. */
export const PRELUDE_LINES = 1;

/**
 * The script a worker runs: the host's prelude, one line, then the bundle. The worker's boot
 * program has set `globalThis.__theinferencePort = { post(m), listen(f) }` already, so each
 * host's prelude is a comment that says so; stack traces are mapped back to the learner's lines
 * on the assumption that it is exactly one line, so a prelude with a line break is refused here.
 */
export function withPrelude(prelude: string, script: string): string {
  if (/[\r\n\u2028\u2029]/.test(prelude)) throw new Error('a host prelude must be one line');
  return `${prelude}\n${script}`;
}

/** What running cases needs: workers, a clock, and the line each worker's script starts with. */
export interface RunHost {
  spawn: SpawnWorker;
  clock: Clock;
  /** One line (see `withPrelude`): both hosts' workers set up the port while they boot. */
  prelude: string;
  /**
   * The machine's cores (`navigator.hardwareConcurrency`, `os.availableParallelism()`): a run
   * keeps at most this many cases running at once (at least two), so that learner code that
   * spins never takes every core from the page or the terminal.
   */
  cores?: number;
}

export interface GradingHost extends RunHost {
  /** One instance for the host's life: the core remembers each lesson's last bundle per bundler. */
  bundle: Bundler;
}
