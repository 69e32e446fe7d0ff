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

function pool(size = 2) {
  const started: ReturnType<typeof fakeWorker>[] = [];
  const tasks: (() => void)[] = [];
  const made = createWorkerPool(
    () => {
      const worker = fakeWorker();
      started.push(worker);
      return worker;
    },
    { size, later: (fn) => void tasks.push(fn) },
  );
  const drain = () => {
    while (tasks.length > 0) tasks.shift()?.();
  };
  return { ...made, started, drain };
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

  it('keeps as many workers waiting as a run had cases, up to its bound', () => {
    const p = pool(2);
    p.reserve(5);
    p.refill();
    p.drain();
    expect(p.started).toHaveLength(5);
    p.reserve(100);
    p.refill();
    p.drain();
    expect(p.started).toHaveLength(12);
  });
});
