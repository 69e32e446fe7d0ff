import type { SpawnWorker, WorkerEvents } from '../../../core/index.ts';
import { RELAY_LIMITS } from '../../../core/run/limits.ts';
import { sizeWithin } from '../../../core/run/relay-size.ts';
import { errorFromWorkerError, stoppedError } from './worker-errors.ts';

/** The slice of a `Worker` the pool uses (a fake in tests). */
export interface PoolWorker {
  onmessage: ((event: { data: unknown }) => void) | null;
  onmessageerror: (() => void) | null;
  onerror: ((event: ErrorEventLike) => void) | null;
  postMessage(message: unknown): void;
  terminate(): void;
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
  /** Starts workers ahead of the next run (once no case is running, one per task). */
  refill(): void;
  /** Keeps at least `count` workers waiting from now on: a run's cases all start at once. */
  reserve(count: number): void;
}

/**
 * Workers started ahead of time, each idle until it is given one script, and used for one case
 * only: a Run takes fresh workers whose thread and JavaScript realm already exist. A worker that
 * has loaded a script never goes back to the pool, so no two cases (and no two runs) share a
 * realm. Each worker's messages are held to RELAY_LIMITS before the grader sees them: past them
 * the worker is terminated and its case fails with the reason.
 */
/** Workers kept waiting at most, whatever a run asked for (each is a thread and a realm). */
const MAX_POOL = 12;

export function createWorkerPool(
  startWorker: () => PoolWorker,
  {
    size: initialSize = 6,
    later = (fn: () => void): void => void setTimeout(fn, 0),
  }: { size?: number; later?: (fn: () => void) => void } = {},
): WorkerPool {
  let size = initialSize;
  const pool: PoolWorker[] = [];
  let alive = 0;
  let refilling = false;

  const refill = () => {
    if (refilling || alive > 0 || pool.length >= size) return;
    refilling = true;
    later(() => {
      refilling = false;
      if (alive > 0 || pool.length >= size) return;
      try {
        pool.push(startWorker());
      } catch {
        return; // this frame cannot start workers: spawn() reports it when a run asks
      }
      refill();
    });
  };

  const spawn: SpawnWorker = (script, events: WorkerEvents) => {
    const worker = pool.shift() ?? startWorker();
    alive++;
    let live = true;
    let messages = 0;
    let total = 0;
    const end = () => {
      if (!live) return;
      live = false;
      alive--;
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      worker.terminate();
      refill();
    };
    const fail = (error: Parameters<WorkerEvents['error']>[0]) => {
      if (!live) return;
      end();
      events.error(error);
    };
    worker.onmessage = ({ data }) => {
      if (!live) return;
      if (++messages > RELAY_LIMITS.messages) return fail(stoppedError('flood'));
      const size = sizeWithin(data, RELAY_LIMITS.messageSize);
      total += size;
      if (size > RELAY_LIMITS.messageSize || total > RELAY_LIMITS.totalSize) {
        return fail(stoppedError('too-large'));
      }
      events.message(data);
    };
    worker.onmessageerror = () =>
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
    worker.postMessage(script);
    return {
      post: (message) => {
        if (live) worker.postMessage(message);
      },
      terminate: end,
    };
  };
  const reserve = (count: number) => {
    size = Math.max(size, Math.min(count, MAX_POOL));
  };
  return { spawn, refill, reserve };
}
