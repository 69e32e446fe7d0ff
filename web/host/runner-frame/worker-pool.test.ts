import { describe, expect, it } from 'vitest';
import { RELAY_LIMITS, type SerializedError } from '../../../core/index.ts';
import { createWorkerPool, type PoolWorker } from './worker-pool.ts';

/** A fake Worker: records what it is sent and whether it was terminated. */
function fakeWorker() {
  const worker: PoolWorker & { sent: unknown[]; terminated: boolean } = {
    onmessage: null,
    onmessageerror: null,
    onerror: null,
    sent: [],
    terminated: false,
    postMessage(message) {
      worker.sent.push(message);
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

/** A task the fake clock holds: what it runs, after how long, and whether it was cancelled. */
interface Task {
  fn: () => void;
  ms: number;
  cancelled: boolean;
}

function pool(size = 2, refillDelayMs = 0) {
  const started: ReturnType<typeof fakeWorker>[] = [];
  const tasks: Task[] = [];
  const afterTasks: (() => void)[] = [];
  let nonces = 0;
  const made = createWorkerPool(
    () => {
      const worker = fakeWorker();
      started.push(worker);
      return worker;
    },
    {
      size,
      refillDelayMs,
      later: (fn, ms) => {
        const task = { fn, ms, cancelled: false };
        tasks.push(task);
        return () => void (task.cancelled = true);
      },
      afterTask: (fn) => void afterTasks.push(fn),
      nonce: () => `nonce-${++nonces}`,
    },
  );
  /** Runs the next task not cancelled; what it waited for, or undefined when none is left. */
  const next = (): number | undefined => {
    for (let task = tasks.shift(); task; task = tasks.shift()) {
      if (task.cancelled) continue;
      task.fn();
      return task.ms;
    }
    return undefined;
  };
  const drain = () => {
    while (next() !== undefined);
  };
  /** Runs the tasks queued after the current one: where ended workers are terminated. */
  const afterwards = () => {
    for (const fn of afterTasks.splice(0)) fn();
  };
  return { ...made, started, next, drain, afterwards };
}

const listen = () => {
  const messages: unknown[] = [];
  const errors: SerializedError[] = [];
  return {
    messages,
    errors,
    events: {
      message: (d: unknown) => messages.push(d),
      error: (e: SerializedError) => errors.push(e),
    },
  };
};

describe('the runner frame worker pool', () => {
  it('starts workers ahead, gives each to one case only, and refills when no case runs', () => {
    const p = pool(2);
    p.refill();
    p.drain();
    expect(p.started).toHaveLength(2);
    const a = listen();
    const handle = p.spawn('script a', a.events);
    expect(p.started[0]?.sent).toEqual(['script a']);
    p.spawn('script b', listen().events).terminate();
    expect(p.started[1]?.sent).toEqual(['script b']);
    // The pool is empty: a third case gets a fresh worker at once.
    p.spawn('script c', listen().events);
    expect(p.started).toHaveLength(3);
    handle.terminate();
    // Terminated in a task of its own, after the case's report went out.
    expect(p.started[0]?.terminated).toBe(false);
    p.afterwards();
    expect(p.started[0]?.terminated).toBe(true);
  });

  it('hands the case its worker messages, and none after it ended', () => {
    const p = pool();
    const a = listen();
    const handle = p.spawn('s', a.events);
    const worker = p.started[0]!;
    worker.onmessage?.({ data: { type: 'done' } });
    handle.terminate();
    worker.onmessage?.({ data: { type: 'late' } });
    expect(a.messages).toEqual([{ type: 'done' }]);
  });

  it('stops a flood past RELAY_LIMITS.messages: the worker is terminated and the case hears why', () => {
    const p = pool();
    const a = listen();
    p.spawn('s', a.events);
    const worker = p.started[0]!;
    for (let i = 0; i <= RELAY_LIMITS.messages; i++) worker.onmessage?.({ data: i });
    expect(a.messages).toHaveLength(RELAY_LIMITS.messages);
    expect(a.errors.map((e) => e.name)).toEqual(['Flood']);
    // Its messages stop reaching the case at once; the thread goes a task later.
    worker.onmessage?.({ data: 'more' });
    expect(a.messages).toHaveLength(RELAY_LIMITS.messages);
    p.afterwards();
    expect(worker.terminated).toBe(true);
  });

  it('stops a message past RELAY_LIMITS.messageSize: too much data', () => {
    const p = pool();
    const a = listen();
    p.spawn('s', a.events);
    p.started[0]!.onmessage?.({ data: 'x'.repeat(RELAY_LIMITS.messageSize + 1) });
    expect([a.messages.length, a.errors.map((e) => e.name)]).toEqual([0, ['TooLarge']]);
  });

  it('turns an uncaught error into a one-frame stack the core can map', () => {
    const p = pool();
    const a = listen();
    p.spawn('s', a.events);
    p.started[0]!.onerror?.({
      message: 'Uncaught TypeError: boom',
      filename: 'blob:null/1',
      lineno: 3,
      colno: 9,
      preventDefault() {},
    });
    expect(a.errors).toEqual([
      { name: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at blob:null/1:3:9' },
    ]);
  });

  it('gives a worker whose case ended clean the next case, ahead of any fresh one', () => {
    const p = pool(2);
    p.refill();
    p.drain();
    const first = p.spawn('case 1', listen().events);
    const worker = p.started[0]!;
    first.release?.();
    expect(worker.sent.at(-1)).toEqual({ type: 'end', nonce: 'nonce-1' });
    // Learner code's own answer, with a nonce it guessed, changes nothing.
    worker.onmessage?.({ data: { type: 'ended', nonce: 'nonce-0', clean: true } });
    worker.onmessage?.({ data: { type: 'ended', nonce: 'nonce-1', clean: true } });
    const heard = listen();
    p.spawn('case 2', heard.events);
    expect(worker.sent.at(-1)).toBe('case 2');
    expect(worker.terminated).toBe(false);
    worker.onmessage?.({ data: { type: 'done' } });
    expect(heard.messages).toEqual([{ type: 'done' }]);
  });

  it('terminates a worker whose case did not leave it clean, or that never says', () => {
    const p = pool(2);
    p.refill();
    p.drain();
    p.spawn('a', listen().events).release?.();
    p.spawn('b', listen().events).release?.();
    const [dirty, silent] = p.started;
    dirty!.onmessage?.({ data: { type: 'ended', nonce: 'nonce-1', clean: false } });
    p.afterwards();
    expect(dirty!.terminated).toBe(true);
    // The refill's wait and the silent worker's release wait are both in the fake clock.
    p.drain();
    p.afterwards();
    expect(silent!.terminated).toBe(true);
    expect(p.started.slice(2).every((w) => !w.terminated)).toBe(true);
  });

  it('gives a case that asks while a worker is being released that worker, or a fresh one', () => {
    const p = pool(1);
    p.refill();
    p.drain();
    p.spawn('a', listen().events).release?.();
    const reused = p.started[0]!;
    const waiting = p.spawn('b', listen().events);
    waiting.post({ type: 'start', input: 1 });
    expect(p.started).toHaveLength(1);
    reused.onmessage?.({ data: { type: 'ended', nonce: 'nonce-1', clean: true } });
    expect(reused.sent.slice(-2)).toEqual(['b', { type: 'start', input: 1 }]);

    waiting.release?.();
    const next = p.spawn('c', listen().events);
    next.post('posted while it waited');
    reused.onmessage?.({ data: { type: 'ended', nonce: 'nonce-2', clean: false } });
    const fresh = p.started[1]!;
    expect(fresh.sent).toEqual(['c', 'posted while it waited']);
    p.afterwards();
    expect(reused.terminated).toBe(true);
  });

  it('refills only refillDelayMs after the last case ended, then one worker per task', () => {
    const p = pool(2, 100);
    p.refill();
    // The first fill (the frame just loaded) does not wait.
    expect([p.next(), p.next(), p.next()]).toEqual([0, 0, undefined]);
    expect(p.started).toHaveLength(2);
    const a = p.spawn('a', listen().events);
    const b = p.spawn('b', listen().events);
    a.terminate();
    // A case still runs: nothing starts.
    expect(p.next()).toBeUndefined();
    b.terminate();
    // The last case ended: the refill waits, then starts the workers one task at a time.
    expect(p.started).toHaveLength(2);
    expect(p.next()).toBe(100);
    expect(p.started).toHaveLength(3);
    expect(p.next()).toBe(0);
    expect(p.started).toHaveLength(4);
    p.drain();
    expect(p.started).toHaveLength(4);
  });

  it('a Run pressed before the refill gets fresh workers, and the refill waits for its end again', () => {
    const p = pool(2, 100);
    p.spawn('a', listen().events).terminate();
    // The refill is waiting; a new run comes first and finds the pool empty.
    const b = listen();
    const handle = p.spawn('b', b.events);
    expect(p.started.map((w) => w.sent)).toEqual([['a'], ['b']]);
    // The waiting refill finds a case running and starts nothing.
    p.drain();
    expect(p.started).toHaveLength(2);
    handle.terminate();
    expect(p.next()).toBe(100);
    p.drain();
    expect(p.started).toHaveLength(4);
  });

  it('restarts the wait when another run ends while the refill waits', () => {
    const p = pool(1, 100);
    p.spawn('a', listen().events).terminate();
    // No task ran yet; a second run starts and ends: only the newest wait counts.
    p.spawn('b', listen().events).terminate();
    expect(p.next()).toBe(100);
    expect(p.next()).toBeUndefined();
    expect(p.started).toHaveLength(3);
  });
});
