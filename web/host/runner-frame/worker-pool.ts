import type { SpawnWorker, WorkerEvents } from '../../../core/index.ts';
import { RELAY_LIMITS } from '../../../core/run/limits.ts';
import { sizeWithin } from '../../../core/run/relay-size.ts';
import type { CaseEnd, CaseEnded } from '../../../core/sandbox/protocol.ts';
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
  /**
   * THE one place in the browser that gives learner code a thread: a waiting worker per case,
   * fresh or one whose last case ended clean (see `release` below).
   */
  spawn: SpawnWorker;
  /** Starts workers ahead of the next run now (once no case is running, one per task). */
  refill(): void;
}

/**
 * Workers started ahead of time, each idle until it is given a case: a Run takes workers whose
 * thread and JavaScript realm already exist. Each worker's messages are held to RELAY_LIMITS
 * before the grader sees them: past them the worker is terminated and its case fails with the
 * reason.
 *
 * A worker can run more than one case, one after another, each as if in a fresh realm. When a
 * case ends on its own (the core's `release`), the pool sends the worker `end` with a random
 * nonce; the worker's runtime closes the case (clearing its timers) and answers whether it left
 * the realm as it found it (core/sandbox/case-gate.ts). Clean, the worker waits for the next
 * case, ahead of any fresh one (its code is warm); anything else (not clean, no answer within
 * `releaseMs`, a crash) and it is terminated. A case stopped from outside (time-out, Stop, a
 * flood) always ends its worker. A case that asks for a worker while none waits but one is
 * being released gets that one, or a fresh one if it turns out not clean.
 *
 * The pool refills once no case runs, but not at once: `refillDelayMs` after the last case
 * ended. Each new worker is a thread that hardens its realm and evaluates the sandbox runtime,
 * and starting them the moment the last case ends puts that work on the cores exactly while the
 * page renders and paints the verdict. A Run pressed before the pool has refilled still works:
 * a case that finds no waiting worker starts a fresh one.
 */
/** How long a worker whose case ended may take to say whether the case left it clean. */
const RELEASE_MS = 1_000;

/** Runs `fn` after `ms` (0: a task of its own); returns what cancels it. */
export type Later = (fn: () => void, ms: number) => () => void;

const timeout: Later = (fn, ms) => {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
};

export function createWorkerPool(
  startWorker: () => PoolWorker,
  {
    size: initialSize = 3,
    refillDelayMs = 0,
    later = timeout,
    afterTask = (fn) => void setTimeout(fn, 0),
    releaseMs = RELEASE_MS,
    nonce = () => crypto.randomUUID(),
  }: {
    size?: number;
    refillDelayMs?: number;
    later?: Later;
    /** Runs `fn` in a task after this one (where an ended case's worker is terminated). */
    afterTask?: (fn: () => void) => void;
    /** How long a released worker may take to say its case left it clean. */
    releaseMs?: number;
    nonce?: () => string;
  } = {},
): WorkerPool {
  const size = initialSize;
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

  /** Cases waiting for a worker being released (none was waiting when they asked). */
  const queue: ((worker: PoolWorker) => void)[] = [];
  let releasing = 0;
  const unqueue = (waiting: (worker: PoolWorker) => void) => {
    const at = queue.indexOf(waiting);
    if (at >= 0) queue.splice(at, 1);
  };

  /** A worker free for a case: to the first case waiting, else to the pool (if there is room). */
  const free = (worker: PoolWorker) => {
    const waiting = queue.shift();
    if (waiting) return waiting(worker);
    if (pool.length < size) pool.unshift(worker);
    else afterTask(() => worker.terminate());
  };

  /** Asks the worker whether its case left it clean; frees it if so, else terminates it. */
  const release = (worker: PoolWorker) => {
    releasing++;
    const expected = nonce();
    let settled = false;
    const settle = (clean: boolean) => {
      if (settled) return;
      settled = true;
      releasing--;
      cancel();
      worker.onmessage = worker.onerror = worker.onmessageerror = null;
      if (clean) return free(worker);
      afterTask(() => worker.terminate());
      // A case waiting for this worker gets a fresh one instead.
      const waiting = queue.shift();
      if (waiting) waiting(pool.shift() ?? startWorker());
    };
    const cancel = later(() => settle(false), releaseMs);
    worker.onmessage = ({ data }) => {
      const ended = data as Partial<CaseEnded> | null;
      if (ended?.type === 'ended' && ended.nonce === expected) settle(ended.clean === true);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      settle(false);
    };
    worker.onmessageerror = () => settle(false);
    worker.postMessage({ type: 'end', nonce: expected } satisfies CaseEnd);
  };

  const spawn: SpawnWorker = (script, events: WorkerEvents) => {
    alive++;
    let live = true;
    let messages = 0;
    let total = 0;
    let worker: PoolWorker | undefined;
    /** What the case posted before it had a worker (it waits for one being released). */
    const outbox: unknown[] = [];
    const detach = () => {
      if (!live) return false;
      live = false;
      alive--;
      if (worker) worker.onmessage = worker.onerror = worker.onmessageerror = null;
      return true;
    };
    const end = () => {
      if (!detach()) return;
      // Terminated in a task of its own (~1 ms each on the frame's main thread): the case's
      // report, graded and sent in this task, need not wait for it. Nothing the worker does
      // meanwhile reaches anyone (its handlers are gone), and it never runs another case.
      const ended = worker;
      if (ended) afterTask(() => ended.terminate());
      else unqueue(start);
      if (alive === 0) lastCaseEnded();
    };
    const fail = (error: Parameters<WorkerEvents['error']>[0]) => {
      if (!live) return;
      end();
      events.error(error);
    };
    const start = (given: PoolWorker) => {
      worker = given;
      if (!live) return free(given);
      given.onmessage = ({ data }) => {
        if (!live) return;
        if (++messages > RELAY_LIMITS.messages) return fail(stoppedError('flood'));
        const size = sizeWithin(data, RELAY_LIMITS.messageSize);
        total += size;
        if (size > RELAY_LIMITS.messageSize || total > RELAY_LIMITS.totalSize) {
          return fail(stoppedError('too-large'));
        }
        events.message(data);
      };
      given.onmessageerror = () =>
        fail({ name: 'DataCloneError', message: 'a message could not be read' });
      given.onerror = (event) => {
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
      given.postMessage(script);
      for (const message of outbox.splice(0)) given.postMessage(message);
    };
    const waiting = pool.shift();
    if (waiting) start(waiting);
    else if (releasing > queue.length) queue.push(start);
    else start(startWorker());
    return {
      post: (message) => {
        if (!live) return;
        if (worker) worker.postMessage(message);
        else outbox.push(message);
      },
      terminate: end,
      release: () => {
        const ended = worker;
        if (!detach()) return;
        if (ended) release(ended);
        else unqueue(start);
        if (alive === 0) lastCaseEnded();
      },
    };
  };
  return { spawn, refill: () => fillAfter(0) };
}
