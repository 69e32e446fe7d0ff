// Runs in the sandbox process: the program of each case's worker thread, as text (`eval: true`).
import { WORKER_MESSAGE_BUDGET } from '../../../core/wire/index.ts';

/**
 * The web platform's globals that learner code keeps, besides the language's own: what a
 * browser worker also offers and the course's code may use. Everything else Node puts on a
 * worker's global object goes before learner code runs: `process`, `require`, `module`,
 * `Buffer`, `fetch`, `setImmediate`, `BroadcastChannel`... Learner code then sees what it sees
 * in the browser, and reaches neither the file system, nor other processes, nor `Worker`.
 */
export const WEB_GLOBALS = [
  'console',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'queueMicrotask',
  'structuredClone',
  'atob',
  'btoa',
  'performance',
  'crypto',
  'TextEncoder',
  'TextDecoder',
  'URL',
  'URLSearchParams',
  'AbortController',
  'AbortSignal',
  'Event',
  'EventTarget',
  'CustomEvent',
  'DOMException',
  'Blob',
  'MessageChannel',
  'MessagePort',
  'MessageEvent',
] as const;

/**
 * A case worker's whole program (CommonJS, as `new Worker(code, { eval: true })` runs it). It
 * waits for one script, then: gives the runtime its port (`__theinferencePort`, with a
 * budgeted `post`, so a flood stops at its source), removes every global that is neither the
 * language's (those of a fresh realm) nor in WEB_GLOBALS, and runs the script as its own,
 * its lines numbered from 1 and its frames named theinference-case.js.
 *
 * Started before the script exists, so a worker's thread and Node environment start while the
 * CLI loads the lesson and bundles, instead of after.
 */
export const WORKER_BOOT = `'use strict';
const { parentPort } = require('node:worker_threads');
const { runInThisContext, runInNewContext } = require('node:vm');
const keep = new Set([...runInNewContext('Object.getOwnPropertyNames(globalThis)'), ...${JSON.stringify(WEB_GLOBALS)}]);
parentPort.once('message', (script) => {
  let sent = 0;
  const post = (message) => {
    if (++sent > ${WORKER_MESSAGE_BUDGET}) throw new RangeError('this run has sent as many messages as a run may');
    parentPort.postMessage(message);
  };
  const listen = (handler) => parentPort.on('message', (message) => handler(message));
  for (const name of Reflect.ownKeys(globalThis)) {
    if (typeof name !== 'string' || keep.has(name)) continue;
    if (!Reflect.deleteProperty(globalThis, name)) throw new Error('cannot remove the global ' + name);
  }
  globalThis.__theinferencePort = { post, listen };
  runInThisContext(script, { filename: 'theinference-case.js' });
});
`;
