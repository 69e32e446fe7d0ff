// The runtime first: its module is evaluated before any other.
import * as runtime from './worker-runtime.ts';
import * as harness from './harness-api.ts';
import * as sdk from './sdk/anthropic.ts';
import * as sdkJsonSchema from './sdk/beta-tool.ts';

/**
 * The sandbox's half of a split bundle (see `RUNTIME_GLOBAL` in core/run/bundle.ts): the worker
 * runtime, the harness API and the SDK stand-in, bundled once by the host and evaluated in each
 * case worker as it boots, before it is given its case. The worker runtime's module runs first (it takes the
 * port, captures the console and hardens the realm), as it does at the head of a whole bundle.
 * The lesson's bundle then imports these three modules from one global, fixed and frozen here
 * so that nothing the lesson's code does can swap what the harness imports.
 */
const asModule = (namespace: object) => harden({ __esModule: true, ...namespace });

/**
 * Freezes everything reachable from `root` (the SDK stand-in's classes, their prototypes and
 * statics, the harness's functions): learner code shares the realm with the harness, and its
 * `Anthropic.prototype.foo = ...` or a patched harness function must not change what the
 * harness does. Built-ins are frozen already.
 */
function harden<T extends object>(root: T): T {
  const todo: unknown[] = [root];
  while (todo.length > 0) {
    const value = todo.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    if (Object.isFrozen(value)) continue;
    Object.freeze(value);
    todo.push(Object.getPrototypeOf(value));
    for (const key of Reflect.ownKeys(value)) {
      const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
      todo.push(descriptor.value, descriptor.get, descriptor.set);
    }
  }
  return root;
}

Object.defineProperty(globalThis, '__theinferenceRuntime', {
  value: Object.freeze({
    runtime: asModule(runtime),
    harness: asModule(harness),
    sdk: asModule(sdk),
    sdkJsonSchema: asModule(sdkJsonSchema),
  }),
  writable: false,
  configurable: false,
  enumerable: false,
});
