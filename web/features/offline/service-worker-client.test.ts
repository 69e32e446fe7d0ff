import { describe, expect, it } from 'vitest';
import { whenQuiet, type QuietSignals } from './service-worker-client.ts';

/** Signals driven by the test: the start-up, runs beginning and ending, idle moments. */
function fakeSignals() {
  let finishStartUp: () => void = () => {};
  const startUp = new Promise<void>((resolve) => (finishStartUp = resolve));
  const listeners = new Set<() => void>();
  const idleQueue: (() => void)[] = [];
  let running = false;
  const signals: QuietSignals = {
    startUp,
    running: () => running,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    idle: (fn) => void idleQueue.push(fn),
  };
  const setRunning = (value: boolean) => {
    running = value;
    for (const listener of [...listeners]) listener();
  };
  const beIdle = () => {
    for (const fn of idleQueue.splice(0)) fn();
  };
  return { signals, finishStartUp, setRunning, beIdle, listeners };
}

describe('whenQuiet', () => {
  it('starts at the first idle moment after the start-up when no run is going on', async () => {
    const fake = fakeSignals();
    let starts = 0;
    whenQuiet(fake.signals, () => starts++);
    fake.beIdle();
    expect(starts).toBe(0);
    fake.finishStartUp();
    await fake.signals.startUp;
    expect(starts).toBe(0);
    fake.beIdle();
    expect(starts).toBe(1);
    fake.beIdle();
    expect(starts).toBe(1);
  });

  it('waits for a run pressed before the start-up was over, then for an idle moment', async () => {
    const fake = fakeSignals();
    let starts = 0;
    whenQuiet(fake.signals, () => starts++);
    fake.setRunning(true);
    fake.finishStartUp();
    await fake.signals.startUp;
    fake.beIdle();
    expect(starts).toBe(0);
    fake.setRunning(true); // a change that is not the run's end
    fake.beIdle();
    expect(starts).toBe(0);
    fake.setRunning(false);
    expect(starts).toBe(0);
    fake.beIdle();
    expect(starts).toBe(1);
    expect(fake.listeners.size).toBe(0);
  });

  it('puts the start off again when a run begins between the run end and the idle moment', async () => {
    const fake = fakeSignals();
    let starts = 0;
    whenQuiet(fake.signals, () => starts++);
    fake.finishStartUp();
    await fake.signals.startUp;
    fake.setRunning(true);
    fake.beIdle();
    fake.setRunning(false);
    fake.setRunning(true);
    fake.beIdle();
    expect(starts).toBe(0);
    fake.setRunning(false);
    fake.beIdle();
    expect(starts).toBe(1);
  });
});
