import { describe, expect, it } from 'vitest';
import { RELAY_LIMITS, type SerializedError } from '../../../core/index.ts';
import { createWorkerPool, type PoolWorker } from './worker-pool.ts';

/**
 * A fake worker and its port: records what the port is sent, whether the port was closed and
 * the worker terminated; `onmessage` and `onerror` stand for the port's and the thread's.
 */
function fakeWorker() {
  const fake = {
    sent: [] as unknown[],
    terminated: false,
    closed: false,
    onmessage: (data: unknown) => port.onmessage?.({ data }),
    onerror: (event: Parameters<NonNullable<PoolWorker['worker']['onerror']>>[0]) =>
      worker.onerror?.(event),
  };
  const port: PoolWorker['port'] = {
    onmessage: null,
    onmessageerror: null,
    postMessage(message) {
      fake.sent.push(message);
    },
    close() {
      fake.closed = true;
    },
  };
  const worker: PoolWorker['worker'] = {
    onerror: null,
    terminate() {
      fake.terminated = true;
    },
  };
  return { fake, made: { worker, port } satisfies PoolWorker };
}

/** A task the fake clock holds: what it runs, after how long, and whether it was cancelled. */
interface Task {
  fn: () => void;
  ms: number;
  cancelled: boolean;
}

function pool(size = 2, refillDelayMs = 0) {
  const started: ReturnType<typeof fakeWorker>['fake'][] = [];
  const tasks: Task[] = [];
  const afterTasks: (() => void)[] = [];
  const made = createWorkerPool(
    () => {
      const { fake, made } = fakeWorker();
      started.push(fake);
      return made;
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
    // Terminated (its port closed) in a task of its own, after the case's report went out.
    expect(p.started[0]).toMatchObject({ terminated: false, closed: false });
    p.afterwards();
    expect(p.started[0]).toMatchObject({ terminated: true, closed: true });
  });

  it('hands the case its worker messages, and none after it ended', () => {
    const p = pool();
    const a = listen();
    const handle = p.spawn('s', a.events);
    const worker = p.started[0]!;
    worker.onmessage({ type: 'done' });
    handle.terminate();
    worker.onmessage({ type: 'late' });
    expect(a.messages).toEqual([{ type: 'done' }]);
  });

  it('stops a flood past RELAY_LIMITS.messages: the worker is terminated and the case hears why', () => {
    const p = pool();
    const a = listen();
    p.spawn('s', a.events);
    const worker = p.started[0]!;
    for (let i = 0; i <= RELAY_LIMITS.messages; i++) worker.onmessage(i);
    expect(a.messages).toHaveLength(RELAY_LIMITS.messages);
    expect(a.errors.map((e) => e.name)).toEqual(['Flood']);
    // Its messages stop reaching the case at once; the thread goes a task later.
    worker.onmessage('more');
    expect(a.messages).toHaveLength(RELAY_LIMITS.messages);
    p.afterwards();
    expect(worker.terminated).toBe(true);
  });

  it('stops a message past RELAY_LIMITS.messageSize: too much data', () => {
    const p = pool();
    const a = listen();
    p.spawn('s', a.events);
    p.started[0]!.onmessage('x'.repeat(RELAY_LIMITS.messageSize + 1));
    expect([a.messages.length, a.errors.map((e) => e.name)]).toEqual([0, ['TooLarge']]);
  });

  it('turns an uncaught error into a one-frame stack the core can map', () => {
    const p = pool();
    const a = listen();
    p.spawn('s', a.events);
    p.started[0]!.onerror({
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

  it('keeps as many workers waiting as a run had cases, up to its bound', () => {
    const p = pool(2);
    p.reserve(5);
    p.refill();
    p.drain();
    expect(p.started).toHaveLength(5);
    p.reserve(100);
    p.refill();
    p.drain();
    expect(p.started).toHaveLength(17);
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
