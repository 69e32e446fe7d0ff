import type { SpawnWorker, WorkerEvents } from '../../../core/index.ts';
import { createRelayGuard, relayStoppedError } from '../../../core/runner.ts';
import { errorFromWorkerError } from './worker-errors.ts';

/**
 * The frame's end of a case worker's port (a `MessagePort`: a fake in tests): the one channel
 * of a case, both ways. Only the frame and the worker's runtime hold its two ends.
 */
export interface PoolPort {
  onmessage: ((event: { data: unknown }) => void) | null;
  onmessageerror: (() => void) | null;
  postMessage(message: unknown): void;
  close(): void;
}

/** The slice of a `Worker` the pool uses (a fake in tests). */
export interface PoolThread {
  onerror: ((event: ErrorEventLike) => void) | null;
  terminate(): void;
}

/** A started case worker: its thread, and the frame's end of its port. */
export interface PoolWorker {
  worker: PoolThread;
  port: PoolPort;
}

export interface ErrorEventLike {
  message?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
  preventDefault(): void;
}

export interface WorkerPool {
  /** THE one place in the browser that gives learner code a thread: a fresh worker per case. */
  spawn: SpawnWorker;
  /** Starts workers ahead of the next run now (once no case is running, one per task). */
  refill(): void;
  /** Keeps at least `count` workers waiting from now on: one for each case of the next run. */
  reserve(count: number): void;
}

/**
 * Workers started ahead of time (each has booted: its runtime evaluated, its realm hardened),
 * each idle until it is given one script, and used for one case only: a Run takes fresh
 * workers whose thread and realm already exist, and pays only for its own script. A worker that
 * has been given a script never goes back to the pool, so no two cases (and no two runs) share
 * a realm; when its case ends it is terminated. Each worker's messages are held to RELAY_LIMITS
 * before the grader sees them: past them the worker is terminated and its case fails with the
 * reason.
 *
 * The pool refills once no case runs, but not at once: `refillDelayMs` after the last case
 * ended. Each new worker is a thread that hardens its realm and evaluates the sandbox runtime,
 * and starting them the moment the last case ends puts that work on the cores exactly while the
 * page renders and paints the verdict. A Run pressed before the pool has refilled still works:
 * a case that finds no waiting worker starts a fresh one.
 */
/**
 * Workers kept waiting at most, whatever a run asked for (each is a thread and a realm): the
 * most cases a lesson has (budgets-and-refusal's and max-tokens-and-pause-turn's 17).
 */
const MAX_POOL = 17;

/** Runs `fn` after `ms` (0: a task of its own); returns what cancels it. */
export type Later = (fn: () => void, ms: number) => () => void;

const timeout: Later = (fn, ms) => {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
};

export function createWorkerPool(
  startWorker: () => PoolWorker,
  {
    size: initialSize = 10,
    refillDelayMs = 0,
    later = timeout,
    afterTask = (fn) => void setTimeout(fn, 0),
  }: {
    /** Workers kept waiting until a run asks for more (`reserve`). */
    size?: number;
    refillDelayMs?: number;
    later?: Later;
    /** Runs `fn` in a task after this one (where an ended case's worker is terminated). */
    afterTask?: (fn: () => void) => void;
  } = {},
): WorkerPool {
  let size = initialSize;
  const pool: PoolWorker[] = [];
  let alive = 0;
  /** Cancels the next step of a refill under way (or waiting to begin). */
  let pending: (() => void) | undefined;

  /** Starts one worker, then the next in a task of its own, until the pool is full. */
  const step = () => {
    pending = undefined;
    if (alive > 0 || pool.length >= size) return;
    try {
      pool.push(startWorker());
    } catch {
      return; // this frame cannot start workers: spawn() reports it when a run asks
    }
    if (pool.length < size) pending = later(step, 0);
  };

  /** Starts filling the pool `delayMs` from now (a refill already under way goes on). */
  const fillAfter = (delayMs: number) => {
    if (pending || alive > 0 || pool.length >= size) return;
    pending = later(step, delayMs);
  };

  /** The last case has ended: the pool refills once the page has had time to show the verdict. */
  const lastCaseEnded = () => {
    pending?.();
    pending = undefined;
    fillAfter(refillDelayMs);
  };

  const spawn: SpawnWorker = (script, events: WorkerEvents) => {
    const { worker, port } = pool.shift() ?? startWorker();
    alive++;
    let live = true;
    const guard = createRelayGuard();
    const end = () => {
      if (!live) return;
      live = false;
      alive--;
      port.onmessage = port.onmessageerror = worker.onerror = null;
      // Terminated in a task of its own (~1 ms each on the frame's main thread): the case's
      // report, graded and sent in this task, need not wait for it. Nothing the worker does
      // meanwhile reaches anyone (its handlers are gone), and it never runs another case.
      afterTask(() => {
        port.close();
        worker.terminate();
      });
      if (alive === 0) lastCaseEnded();
    };
    const fail = (error: Parameters<WorkerEvents['error']>[0]) => {
      if (!live) return;
      end();
      events.error(error);
    };
    port.onmessage = ({ data }) => {
      if (!live) return;
      const stop = guard(data);
      if (stop) return fail(relayStoppedError(stop));
      events.message(data);
    };
    port.onmessageerror = () =>
      fail({ name: 'DataCloneError', message: 'a message could not be read' });
    worker.onerror = (event) => {
      event.preventDefault();
      fail(
        errorFromWorkerError({
          message: String(event.message ?? ''),
          filename: String(event.filename ?? ''),
          lineno: Number(event.lineno) || 0,
          colno: Number(event.colno) || 0,
        }),
      );
    };
    port.postMessage(script);
    return {
      post: (message) => {
        if (live) port.postMessage(message);
      },
      terminate: end,
    };
  };
  const reserve = (count: number) => {
    size = Math.max(size, Math.min(count, MAX_POOL));
  };
  return { spawn, refill: () => fillAfter(0), reserve };
}
