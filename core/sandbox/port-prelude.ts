import { WORKER_MESSAGE_BUDGET } from '../run/limits.ts';

/**
 * The browser's prelude (see `withPrelude`): runs ahead of the bundle in a Web Worker, before
 * any learner code. It keeps `postMessage` and
 * `addEventListener` for the runtime's port, and puts a budgeted `postMessage` where learner
 * code finds it: the original is reachable only from this closure, so a flood stops at the
 * source instead of queueing millions of messages on the runner frame. The budget is per case:
 * a worker that runs several cases (see core/sandbox/case-gate.ts) starts each with a full one
 * (`newCase`, which only the runtime holds). Exactly one line (no newline inside): core maps
 * stack lines assuming PRELUDE_LINES = 1.
 */
export const PORT_PRELUDE = [
  '(() => {',
  'const scope = self, raw = scope.postMessage.bind(scope), on = scope.addEventListener.bind(scope);',
  'let holder = scope;',
  "while (holder && !Object.prototype.hasOwnProperty.call(holder, 'postMessage')) holder = Object.getPrototypeOf(holder);",
  'let sent = 0;',
  `const post = function postMessage(message, transfer) { if (++sent > ${WORKER_MESSAGE_BUDGET}) throw new RangeError('this run has sent the page as many messages as a run may'); return raw(message, transfer); };`,
  "Object.defineProperty(holder, 'postMessage', { value: post, writable: true, configurable: true, enumerable: true });",
  "globalThis.__theinferencePort = { post(m) { post(m) }, listen(f) { on('message', (e) => f(e.data)) }, newCase() { sent = 0 } };",
  '})();',
].join(' ');
