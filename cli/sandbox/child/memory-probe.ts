// Part of each case's worker thread in the sandbox process (case-thread.ts starts it first).
import { workerData, type MessagePort } from 'node:worker_threads';

/**
 * The case thread's half of the sandbox's memory watch (memory-watch.ts): the thread answers on
 * a port of its own, `workerData.memory` (memory-watch.ts, `probeChannel`), which no global
 * reaches, with what its isolate holds (heap and external memory, ArrayBuffers included). Called
 * before any learner code exists, it takes the port and the functions it calls into its closure,
 * so the globals the boot removes afterwards (`process`) are not needed again.
 */
export function answerMemoryProbes(): void {
  const port = (workerData as { memory: MessagePort }).memory;
  const usage = process.memoryUsage;
  const answer = port.postMessage.bind(port);
  port.on('message', (ask: unknown) => {
    const { heapUsed, external } = usage();
    answer({ ask, bytes: heapUsed + external });
  });
  port.unref();
}
