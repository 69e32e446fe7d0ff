// Runs in each case's worker thread, in the sandbox process: the thread's whole program.
import { runInNewContext, runInThisContext } from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { WORKER_MESSAGE_BUDGET } from '../../../core/wire/index.ts';
import { answerMemoryProbes } from './memory-probe.ts';
import { WEB_GLOBALS } from './web-globals.ts';

/**
 * A case's worker thread. cli/sandbox/host/sandbox-program.ts bundles this file into one strict
 * classic script, everything in a function's scope (no name of it is global, so the case's
 * script cannot reach any), and hands its text to the sandbox process's program as
 * `__CASE_THREAD__`, which starts it as `new Worker(text, { eval: true })` before the case's
 * script exists: the thread and its Node environment start while the CLI loads the lesson and
 * bundles, instead of after.
 *
 * It answers the memory watch's probes, then waits for one script, and: gives the runtime its
 * port (`__theinferencePort`, with a budgeted `post`, so a flood stops at its source), removes
 * every global that is neither the language's (those of a fresh realm) nor in WEB_GLOBALS, and
 * runs the script as its own, its lines numbered from 1 and its frames named
 * theinference-case.js.
 */

answerMemoryProbes();

const port = parentPort;
if (!port) throw new Error('the case thread runs as a worker thread');

/** The globals the case keeps: a fresh realm's own, and the web platform's (WEB_GLOBALS). */
const keep = new Set<string>([
  ...(runInNewContext('Object.getOwnPropertyNames(globalThis)') as string[]),
  ...WEB_GLOBALS,
]);

/** Removes every string-named global the case does not keep; one that will not go is an error. */
function removeGlobals(): void {
  for (const name of Reflect.ownKeys(globalThis)) {
    if (typeof name !== 'string' || keep.has(name)) continue;
    if (!Reflect.deleteProperty(globalThis, name)) {
      throw new Error(`cannot remove the global ${name}`);
    }
  }
}

port.once('message', (script: string) => {
  let sent = 0;
  const post = (message: unknown): void => {
    if (++sent > WORKER_MESSAGE_BUDGET) {
      throw new RangeError('this run has sent as many messages as a run may');
    }
    port.postMessage(message);
  };
  const listen = (handler: (message: unknown) => void): void => {
    port.on('message', (message: unknown) => handler(message));
  };
  removeGlobals();
  (globalThis as { __theinferencePort?: unknown }).__theinferencePort = { post, listen };
  runInThisContext(script, { filename: 'theinference-case.js' });
});
