/**
 * Hardens the worker's realm before any lesson code (harness or learner) is evaluated: the
 * built-ins a harness relies on to record what happened (Math, Promise, Array.prototype,
 * JSON, timers, ...) are frozen and their global names fixed, so learner code that patches
 * one (`Math.max = ...`) fails loudly with a TypeError instead of changing what the harness
 * records. As SES's `lockdown()` does, the properties that ordinary code assigns on its own
 * objects (`this.name = 'MyError'`, `obj.toString = ...`) keep working on those objects.
 *
 * Runs inside the worker, from the worker runtime's first evaluation (the bundle is strict,
 * see bundle.ts, so a write to a frozen built-in throws). Measured at ~1 ms for the ~650
 * objects reachable from the standard globals.
 */

type Scope = Record<string, unknown>;

/**
 * Freezes the realm's built-ins and fixes their global names. Idempotent: a second call finds
 * the realm hardened and returns.
 *
 * A global name may live on the global object or on one of its prototypes: in a browser
 * worker, `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval`, `queueMicrotask` and
 * `structuredClone` are WorkerGlobalScope.prototype's. Each is fixed where it lives and as an
 * own property of the global, read-only, so neither `self.setTimeout = f` nor a new definition
 * on the global swaps what the harness calls (as in Node, where they are the global's own).
 */
export function lockdown(scope: object = globalThis): void {
  const global = scope as Scope;
  const { defineProperty, freeze, getOwnPropertyDescriptor, getPrototypeOf, hasOwn } = Object;
  const ownKeys = Reflect.ownKeys;
  if (Object.isFrozen(Object.prototype) && Object.isFrozen(Function.prototype)) return;

  /** The standard globals: ECMAScript's, and the host's few that harnesses use. */
  const GLOBAL_NAMES = [
    'globalThis',
    'Object',
    'Function',
    'Array',
    'Number',
    'Boolean',
    'String',
    'Symbol',
    'BigInt',
    'Date',
    'Promise',
    'RegExp',
    'Error',
    'AggregateError',
    'EvalError',
    'RangeError',
    'ReferenceError',
    'SyntaxError',
    'TypeError',
    'URIError',
    'JSON',
    'Math',
    'Reflect',
    'Proxy',
    'Intl',
    'Map',
    'Set',
    'WeakMap',
    'WeakSet',
    'WeakRef',
    'FinalizationRegistry',
    'ArrayBuffer',
    'SharedArrayBuffer',
    'DataView',
    'Atomics',
    'Int8Array',
    'Uint8Array',
    'Uint8ClampedArray',
    'Int16Array',
    'Uint16Array',
    'Int32Array',
    'Uint32Array',
    'Float16Array',
    'Float32Array',
    'Float64Array',
    'BigInt64Array',
    'BigUint64Array',
    'Iterator',
    'parseInt',
    'parseFloat',
    'isNaN',
    'isFinite',
    'encodeURI',
    'encodeURIComponent',
    'decodeURI',
    'decodeURIComponent',
    'escape',
    'unescape',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'queueMicrotask',
    'structuredClone',
  ];

  /**
   * Data properties on frozen prototypes that code assigns on its own instances (the
   * "override mistake": without this, `err.name = 'X'` would throw once Error.prototype is
   * frozen). A short list on purpose, from SES's: each one becomes an accessor, and accessors
   * on Promise.prototype or Array.prototype would take V8 off its fast paths for await and for
   * array methods, while no ordinary code assigns `promise.then` or `list.push`.
   */
  const OVERRIDABLE: [string, string[]][] = [
    ['Object', ['constructor', 'toString', 'toLocaleString', 'valueOf', 'hasOwnProperty']],
    ['Function', ['toString']],
    ['Error', ['constructor', 'name', 'message', 'toString']],
    ['AggregateError', ['constructor', 'name', 'message']],
    ['EvalError', ['constructor', 'name', 'message']],
    ['RangeError', ['constructor', 'name', 'message']],
    ['ReferenceError', ['constructor', 'name', 'message']],
    ['SyntaxError', ['constructor', 'name', 'message']],
    ['TypeError', ['constructor', 'name', 'message']],
    ['URIError', ['constructor', 'name', 'message']],
  ];

  for (const [name, keys] of OVERRIDABLE) {
    const proto = (global[name] as { prototype?: object } | undefined)?.prototype;
    if (proto) for (const key of keys) enableOverride(proto, key);
  }

  /** Where `name` lives: the global object, or the nearest of its prototypes that has it. */
  const holderOf = (name: string): object | undefined => {
    for (let o: object | null = scope; o; o = getPrototypeOf(o) as object | null) {
      if (hasOwn(o, name)) return o;
    }
    return undefined;
  };
  const roots: unknown[] = GLOBAL_NAMES.filter((name) => holderOf(name)).map(
    (name) => global[name],
  );
  // Intrinsics no global names: the prototypes of generators, async functions and iterators.
  roots.push(
    getPrototypeOf(function* () {}),
    getPrototypeOf(async function () {}),
    getPrototypeOf(async function* () {}),
    getPrototypeOf([][Symbol.iterator]()),
    getPrototypeOf(new Map()[Symbol.iterator]()),
    getPrototypeOf(new Set()[Symbol.iterator]()),
    getPrototypeOf(''[Symbol.iterator]()),
    getPrototypeOf(/x/[Symbol.matchAll]('')),
    getPrototypeOf(Int8Array),
  );
  const seen = new Set<object>([scope]);
  const todo = roots;
  while (todo.length > 0) {
    const value = todo.pop();
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
    if (seen.has(value)) continue;
    seen.add(value);
    todo.push(getPrototypeOf(value));
    for (const key of ownKeys(value)) {
      const descriptor = getOwnPropertyDescriptor(value, key)!;
      if ('value' in descriptor) todo.push(descriptor.value);
      else todo.push(descriptor.get, descriptor.set);
    }
  }
  seen.delete(scope);
  for (const value of seen) freeze(value);

  // The global names themselves: `Promise = ...` must not swap the one the harness uses.
  for (const name of GLOBAL_NAMES) {
    const holder = holderOf(name);
    const descriptor = holder && getOwnPropertyDescriptor(holder, name);
    if (!holder || !descriptor?.configurable) continue;
    const value: unknown = 'value' in descriptor ? descriptor.value : descriptor.get?.call(global);
    const fixed = { value, writable: false, configurable: false };
    if (holder !== scope)
      defineProperty(holder, name, { ...fixed, enumerable: descriptor.enumerable });
    defineProperty(global, name, { ...fixed, enumerable: false });
  }

  function enableOverride(object: object, key: string): void {
    const descriptor = getOwnPropertyDescriptor(object, key);
    if (!descriptor || !('value' in descriptor) || !descriptor.configurable) return;
    const value: unknown = descriptor.value;
    defineProperty(object, key, {
      get: function getter() {
        return value;
      },
      set: function setter(this: object, replacement: unknown) {
        if (this === object) {
          throw new TypeError(`Cannot assign to read only property '${key}' of a built-in object`);
        }
        defineProperty(this, key, {
          value: replacement,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      },
      enumerable: descriptor.enumerable ?? false,
      configurable: false,
    });
  }
}
