// Runs inside each case worker (a Blob Web Worker of the runner frame), before any lesson code.
// A thread's program: the wire floor's own entry keeps the rest of core out of it.
import { RUNTIME_SCRIPT_NAME, WORKER_MESSAGE_BUDGET } from '../../../core/wire/index.ts';

/** The name a case's frames carry in stack traces (its lines numbered from 1). */
const CASE_SCRIPT_NAME = 'theinference-case.js';

/**
 * Names taken off the case's global before any lesson code exists, wherever on the global
 * object or its prototypes they live:
 * - the worker's own channel to the frame (`postMessage` and its handlers): the frame listens
 *   only on the port the runtime holds, and learner code gets no way to post to the frame;
 * - channels that reach other workers of the frame's one opaque origin, so other cases
 *   (`BroadcastChannel`, `SharedWorker` where a browser has it), and `Worker`, whose realm
 *   would have them all again;
 * - `importScripts`, which runs a classic script whose `let` would shadow a global the harness
 *   reads (the string forms of the timers are refused for the same reason, see `noStrings`).
 * The CLI's worker has none of these (cli/sandbox/child/case-thread.ts keeps only WEB_GLOBALS).
 */
export const REMOVED_NAMES = [
  'postMessage',
  'onmessage',
  'onmessageerror',
  'BroadcastChannel',
  'SharedWorker',
  'Worker',
  'importScripts',
] as const;

/** The slice of a `MessagePort` the boot uses. */
export interface BootPort {
  onmessage: ((event: unknown) => void) | null;
}

/** What the boot captures of the realm before anything else runs (a stand-in in tests). */
export interface BootRealm {
  scope: object;
  /** `MessagePort.prototype.postMessage`, called with the port as `this`. */
  portPost: (this: BootPort, message: unknown) => void;
  /** The getter of `MessageEvent.prototype.data`. */
  eventData: (this: unknown) => unknown;
  /** The getter of `MessageEvent.prototype.ports`. */
  eventPorts: (this: unknown) => readonly BootPort[];
  /** Global code: the worker's indirect eval. */
  evaluate: (code: string) => void;
}

/**
 * A case worker's boot, top to bottom: take the realm's channel names off the global, refuse
 * code in strings, hand the sandbox's runtime its port (`__theinferencePort`: a budgeted `post`
 * and `listen`) and evaluate the runtime, which takes the port into its closure, deletes the
 * name and hardens the realm (`lockdown`). Then the worker waits: the frame's one message on
 * the global brings the frame's end of a `MessageChannel`, and every message after that comes
 * on the port. The first is the case's script (run as global code, its frames named
 * `CASE_SCRIPT_NAME`), the rest are the runtime's (`start`, model replies).
 *
 * Every built-in the boot calls later is one it captured here (`BootRealm`), before any lesson
 * code: learner code can patch `MessagePort.prototype` or `MessageEvent.prototype`, which
 * lockdown leaves (they are the host's), and changes nothing the boot does.
 */
export function bootCaseWorker(realm: BootRealm, runtime: string): void {
  const { scope, portPost, eventData, eventPorts, evaluate } = realm;
  const apply = Reflect.apply;
  for (const name of REMOVED_NAMES) removeName(scope, name);
  noStrings(scope);

  let port: BootPort | undefined;
  let listener: ((message: unknown) => void) | undefined;
  let sent = 0;
  let scriptRun = false;
  Object.defineProperty(scope, '__theinferencePort', {
    value: {
      post(message: unknown) {
        if (++sent > WORKER_MESSAGE_BUDGET) {
          throw new RangeError('this run has sent the page as many messages as a run may');
        }
        if (port) apply(portPost, port, [message]);
      },
      listen(handler: (message: unknown) => void) {
        listener ??= handler;
      },
    },
    configurable: true,
  });
  evaluate(`${runtime}\n//# sourceURL=${RUNTIME_SCRIPT_NAME}`);

  const onMessage = (event: unknown) => {
    const data = apply(eventData, event, []);
    if (!scriptRun && typeof data === 'string') {
      scriptRun = true;
      evaluate(`${data}\n//# sourceURL=${CASE_SCRIPT_NAME}`);
    } else if (scriptRun) listener?.(data);
  };
  const addEventListener = (scope as EventTargetLike).addEventListener;
  apply(addEventListener, scope, [
    'message',
    (event: { isTrusted?: boolean }) => {
      if (port || event.isTrusted === false) return;
      const given = apply(eventPorts, event, [])[0];
      if (!given) return;
      port = given;
      port.onmessage = onMessage;
    },
  ]);
}

interface EventTargetLike {
  addEventListener(type: string, listener: (event: { isTrusted?: boolean }) => void): void;
}

/** Deletes `name` from the global object and each of its prototypes that has it. */
function removeName(scope: object, name: string): void {
  for (let o: object | null = scope; o; o = Object.getPrototypeOf(o) as object | null) {
    if (Object.hasOwn(o, name) && !Reflect.deleteProperty(o, name)) {
      throw new Error(`the case worker cannot remove ${name}`);
    }
  }
}

/**
 * `setTimeout` and `setInterval` take a function only, as in Node (the CLI): a string would be
 * compiled as a classic script, and a `let console = ...` in it would shadow the global for
 * every later script, the harness included. Replaced where they live (WorkerGlobalScope's
 * prototype), so lockdown then fixes these, not the originals, on the global.
 */
function noStrings(scope: object): void {
  const apply = Reflect.apply;
  for (const name of ['setTimeout', 'setInterval']) {
    let holder: object | null = scope;
    while (holder && !Object.hasOwn(holder, name)) holder = Object.getPrototypeOf(holder) as object;
    if (!holder) continue;
    const descriptor = Object.getOwnPropertyDescriptor(holder, name)!;
    const timer = descriptor.value as (...args: unknown[]) => unknown;
    const checked = {
      [name](handler: unknown, ...rest: unknown[]): unknown {
        if (typeof handler !== 'function') {
          throw new TypeError(`${name} takes a function (code in a string is not run here)`);
        }
        return apply(timer, scope, [handler, ...rest]);
      },
    }[name]!;
    Object.defineProperty(holder, name, { ...descriptor, value: checked });
  }
}
