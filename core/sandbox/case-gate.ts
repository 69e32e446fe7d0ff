/**
 * Lets one worker run several cases, one after another, each as if its realm were fresh. The
 * runner frame keeps a few workers and gives a worker whose case has ended cleanly the next
 * case (evaluating the lesson's script again, so its modules are new), instead of a new thread
 * and realm per case. A case ends cleanly when it leaves nothing behind that could run or be
 * seen later:
 *
 * - its timers are cleared when it ends (as terminating its worker would have);
 * - it touched no host API that can call back later or keep state outside the realm's
 *   JavaScript (fetch, channels, event listeners, IndexedDB, ...; and ECMAScript's own two,
 *   FinalizationRegistry and Atomics.waitAsync): any such name read while a case runs marks the
 *   case, and only the other ECMAScript globals (fixed by `lockdown`) and the few synchronous
 *   host APIs on `SAFE` may be used freely;
 * - it left the global object, its prototypes and the safe host objects exactly as it found
 *   them (no property added, removed or replaced).
 *
 * A case that did not end cleanly gives its worker back to no one: the frame terminates it.
 * Promise continuations need no gate: with no timer, host callback or model reply left to
 * settle them, nothing can ever resume the finished case's code.
 *
 * Self-contained (its lists are inside it, it calls only built-ins), so the frame runs it from
 * its source text, `(${caseGate})(self)`, first thing in each pooled worker, before `lockdown`
 * (which then freezes what it wrapped of ECMAScript's). It leaves its controls as
 * `__theinferenceGate`, which the worker runtime takes and deletes before any lesson code runs.
 */
export interface CaseGate {
  /** A case begins: from now on, what the code starts and touches is noted. */
  open(): void;
  /** The case has ended: clears its timers; true when it left the realm as it found it. */
  close(): boolean;
}

export function caseGate(scope: object): void {
  const { defineProperty, getOwnPropertyDescriptor, getPrototypeOf, hasOwn } = Object;
  const ownKeys = Reflect.ownKeys;
  const holder = scope as Record<string, unknown>;

  /**
   * Host names a case may read and call without marking itself: nothing here calls back later.
   * ECMAScript's own globals need no place here: by the first case, `lockdown` has fixed them
   * (not configurable), and what is not configurable is left alone below.
   */
  const SAFE = new Set([
    'eval',
    // the host's, all synchronous
    'self',
    'name',
    'origin',
    'location',
    'isSecureContext',
    'crossOriginIsolated',
    'console',
    'performance',
    'postMessage',
    'structuredClone',
    'queueMicrotask',
    'reportError',
    'atob',
    'btoa',
    'Headers',
    'TextEncoder',
    'TextDecoder',
    'URL',
    'URLSearchParams',
    'DOMException',
    // tracked: a case's timers are cleared when it ends
    'setTimeout',
    'setInterval',
    'clearTimeout',
    'clearInterval',
    'constructor',
  ]);
  let running = false;
  let touched = false;
  const timers = new Set<unknown>();

  /** The global object and its prototypes, up to Object.prototype (frozen by lockdown). */
  const chain: object[] = [];
  for (let o: object | null = scope; o && o !== Object.prototype; o = getPrototypeOf(o)) {
    chain.push(o);
  }

  type TimerFn = (...args: unknown[]) => unknown;
  const rawClearTimeout = holder.clearTimeout as TimerFn;
  const rawClearInterval = holder.clearInterval as TimerFn;
  for (const key of ['setTimeout', 'setInterval']) {
    const raw = holder[key] as TimerFn | undefined;
    const where = chain.find((o) => hasOwn(o, key));
    if (!raw || !where) continue;
    const descriptor = getOwnPropertyDescriptor(where, key)!;
    const tracked = {
      [key](...args: unknown[]) {
        const id = raw.apply(scope, args);
        if (running) timers.add(id);
        return id;
      },
    }[key]!;
    defineProperty(where, key, { ...descriptor, value: tracked });
  }

  const touch = () => {
    if (running) touched = true;
  };

  // ECMAScript's own ways to call back later, marked from here, before lockdown freezes them:
  // a FinalizationRegistry's cleanup (anything read off it marks, its prototype's constructor
  // included) and Atomics.waitAsync.
  const registry = holder.FinalizationRegistry;
  if (typeof registry === 'function') {
    holder.FinalizationRegistry = new Proxy(registry, {
      get(target, key, receiver) {
        touch();
        return Reflect.get(target, key, receiver) as unknown;
      },
      construct(target, args, newTarget) {
        touch();
        return Reflect.construct(target, args, newTarget) as object;
      },
    });
  }
  const atomics = holder.Atomics as Record<string, unknown> | undefined;
  const rawWaitAsync = atomics?.waitAsync;
  if (atomics && typeof rawWaitAsync === 'function') {
    atomics.waitAsync = function waitAsync(...args: unknown[]) {
      touch();
      return (rawWaitAsync as (...a: unknown[]) => unknown).apply(atomics, args);
    };
  }

  /**
   * Every other host name: reading it (or setting it) while a case runs marks the case. Done
   * when the first case opens, after lockdown has fixed ECMAScript's globals (not configurable,
   * so left alone here) and the worker has set itself up.
   */
  const markHostNames = () => {
    for (const o of chain) {
      for (const key of ownKeys(o)) {
        if (typeof key !== 'string' || SAFE.has(key)) continue;
        const descriptor = getOwnPropertyDescriptor(o, key)!;
        if (!descriptor.configurable) continue;
        const { enumerable } = descriptor;
        let value: unknown = descriptor.value;
        const { get, set } =
          'value' in descriptor
            ? {
                get: () => value,
                set: descriptor.writable
                  ? (replacement: unknown) => void (value = replacement)
                  : undefined,
              }
            : descriptor;
        defineProperty(o, key, {
          get: get
            ? function (this: unknown) {
                touch();
                return get.call(this);
              }
            : undefined,
          set: set
            ? function (this: unknown, replacement: unknown) {
                touch();
                set.call(this, replacement);
              }
            : undefined,
          enumerable,
          configurable: true,
        });
      }
    }
  };

  /**
   * What a case could change without touching anything marked: the properties of the global,
   * its prototypes, and the safe host objects and functions (and their prototypes).
   */
  const watched = (): object[] => {
    const objects = [...chain];
    for (const name of SAFE) {
      const value = holder[name];
      if ((typeof value === 'object' || typeof value === 'function') && value !== null) {
        objects.push(value);
        const prototype = (value as { prototype?: unknown }).prototype;
        if (typeof prototype === 'object' && prototype !== null) objects.push(prototype);
      }
    }
    return objects;
  };
  type Snapshot = [object, (string | symbol)[], unknown[]][];
  const snapshot = (): Snapshot =>
    watched().map((o) => {
      const keys = ownKeys(o);
      const values: unknown[] = [];
      for (const key of keys) {
        const d = getOwnPropertyDescriptor(o, key)!;
        values.push(d.value, d.get, d.set, d.writable, d.enumerable, d.configurable);
      }
      return [o, keys, values];
    });
  const same = (a: Snapshot, b: Snapshot): boolean =>
    a.length === b.length &&
    a.every(([o, keys, values], i) => {
      const [o2, keys2, values2] = b[i]!;
      return (
        o === o2 &&
        keys.length === keys2.length &&
        keys.every((k, j) => k === keys2[j]) &&
        values.every((v, j) => Object.is(v, values2[j]))
      );
    });

  let before: Snapshot | undefined;
  const gate: CaseGate = {
    open() {
      if (!before) {
        markHostNames();
        before = snapshot();
      }
      touched = false;
      running = true;
    },
    close() {
      running = false;
      for (const id of timers) {
        rawClearTimeout.call(scope, id);
        rawClearInterval.call(scope, id);
      }
      timers.clear();
      return !touched && before !== undefined && same(before, snapshot());
    },
  };
  defineProperty(scope, '__theinferenceGate', { value: gate, configurable: true });
}
