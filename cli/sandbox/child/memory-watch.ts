import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { SANDBOX_MEMORY } from '../protocol.ts';

/**
 * Runs in the sandbox process (cli/sandbox/child/sandbox-process.ts): the watch on its memory. Worker
 * `resourceLimits` bound a case's JavaScript heap, not its ArrayBuffers; so every
 * `SANDBOX_MEMORY.checkMs` the process reads its resident memory, and past `SANDBOX_MEMORY.bytes`
 * asks each running case how much it holds and stops the one that holds the most (or cannot say:
 * a busy loop that allocates) and any past its share, then waits for their workers to be gone
 * before it looks again.
 */

/**
 * The options that give a worker its end of the probe's port, as `workerData.memory`: the case
 * thread answers on it (memory-probe.ts).
 */
export function probeChannel(): { port: MessagePort; options: object } {
  const { port1, port2 } = new MessageChannel();
  port1.unref();
  return { port: port1, options: { workerData: { memory: port2 }, transferList: [port2] } };
}

/** A running case, as the watch sees it. */
export interface Watched {
  /** The sandbox's end of the case worker's probe port. */
  memory: MessagePort;
}

/**
 * Starts the watch over `running`; `stop` ends a case for holding too much, and resolves once
 * its worker has exited (its memory is then free).
 */
export function watchMemory(
  running: ReadonlyMap<number, Watched>,
  stop: (id: number) => Promise<unknown>,
): void {
  let busy = false;
  let asked = 0;
  const bytesOf = (watched: Watched): Promise<number> => {
    const ask = ++asked;
    return new Promise((resolve) => {
      const onAnswer = (data: { ask?: unknown; bytes?: unknown }) => {
        if (data.ask !== ask) return;
        done(typeof data.bytes === 'number' ? data.bytes : Infinity);
      };
      const done = (bytes: number) => {
        clearTimeout(timer);
        watched.memory.off('message', onAnswer);
        resolve(bytes);
      };
      const timer = setTimeout(() => done(Infinity), SANDBOX_MEMORY.answerMs);
      watched.memory.on('message', onAnswer);
      watched.memory.postMessage(ask);
    });
  };
  const check = async () => {
    if (busy || running.size === 0 || process.memoryUsage.rss() <= SANDBOX_MEMORY.bytes) return;
    busy = true;
    try {
      const ids = [...running.keys()];
      const held = await Promise.all(ids.map((id) => bytesOf(running.get(id)!)));
      // The case holding the most, and any other past its share of the bound: cases that all
      // allocate are stopped together, not one per check while the rest keep growing.
      const most = Math.max(...held);
      const share = SANDBOX_MEMORY.bytes / ids.length;
      const over = ids.filter((id, i) => held[i] === most || held[i]! > share);
      await Promise.all(over.filter((id) => running.has(id)).map(stop));
    } finally {
      busy = false;
    }
  };
  setInterval(() => void check(), SANDBOX_MEMORY.checkMs).unref();
}
