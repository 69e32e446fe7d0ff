// Runs in each case worker (a Blob Web Worker of the runner frame): the worker's whole program.
import { bootCaseWorker } from './case-worker-boot.ts';

/** The sandbox's runtime, bundled at build time (build/runner-frame.ts, `buildSandboxRuntime`). */
declare const __SANDBOX_RUNTIME__: string;

const getter = (prototype: object, key: string) =>
  Object.getOwnPropertyDescriptor(prototype, key)?.get as (this: unknown) => never;
// An alias of eval is an indirect eval: global code, as a classic script's.
const indirectEval = eval;

bootCaseWorker(
  {
    scope: self,
    portPost: MessagePort.prototype.postMessage as (message: unknown) => void,
    eventData: getter(MessageEvent.prototype, 'data'),
    eventPorts: getter(MessageEvent.prototype, 'ports'),
    evaluate: (code) => void indirectEval(code),
  },
  __SANDBOX_RUNTIME__,
);
