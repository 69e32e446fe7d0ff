import type { SpawnWorker, WorkerHandle } from '../../../core/index.ts';

/**
 * THE one place learner code gets a thread: a fresh Blob worker per case. The core's
 * `runCase` owns the timer and calls `terminate()` on timeout, cancel and completion; a
 * terminated worker is never reused. Kept behind `SpawnWorker` so it can move into a
 * sandboxed iframe without the rest of the app noticing.
 */

/** Exactly one line (no newline inside): core maps stack lines assuming PRELUDE_LINES = 1. */
const PRELUDE =
  "globalThis.__theinferencePort = { post(m) { self.postMessage(m) }, listen(f) { self.addEventListener('message', (e) => f(e.data)) } };";

export const spawnBlobWorker: SpawnWorker = (script, events): WorkerHandle => {
  const url = URL.createObjectURL(new Blob([PRELUDE, '\n', script], { type: 'text/javascript' }));
  let alive = true;
  const worker = new Worker(url, { name: 'theinference-case' });
  worker.onmessage = (event: MessageEvent<unknown>) => {
    if (alive) events.message(event.data);
  };
  worker.onmessageerror = () => {
    if (alive) events.error({ name: 'DataCloneError', message: 'a message could not be read' });
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    if (alive) events.error(errorFromEvent(event));
  };
  return {
    post(message) {
      if (alive) worker.postMessage(message);
    },
    terminate() {
      if (!alive) return;
      alive = false;
      worker.terminate();
      URL.revokeObjectURL(url);
    },
  };
};

/**
 * An uncaught error reaches the page as an ErrorEvent with no stack; rebuild a one-frame
 * stack from its location so the core can map it to the learner's line.
 */
function errorFromEvent(event: ErrorEvent): { name: string; message: string; stack?: string } {
  const text = (event.message || 'the worker failed').replace(/^Uncaught\s+/, '');
  const match = /^([A-Za-z]*Error|Error):\s*([\s\S]*)$/.exec(text);
  const name = match?.[1] ?? 'Error';
  const message = match?.[2] ?? text;
  if (!event.lineno) return { name, message };
  const frame = `    at ${event.filename || 'bundle.js'}:${event.lineno}:${event.colno}`;
  return { name, message, stack: `${name}: ${message}\n${frame}` };
}
