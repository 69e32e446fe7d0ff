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
  /** Set when the first case opens: from then on only cases' code touches marked names. */
  let armed = false;
  let running = false;
  /** Sticky: a worker whose realm was touched is never given another case. */
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
        if (armed) timers.add(id);
        // Nothing of a case's may run between cases: if it does, the gate has been got round.
        if (armed && !running) touched = true;
        return id;
      },
    }[key]!;
    defineProperty(where, key, { ...descriptor, value: tracked });
  }

  const touch = () => {
    if (armed) touched = true;
  };

  // ECMAScript's own ways to call back later, marked from here, before lockdown freezes them:
  // registering with a FinalizationRegistry (the only way to get its cleanup called) and
  // Atomics.waitAsync.
  const registryPrototype = (holder.FinalizationRegistry as { prototype?: object } | undefined)
    ?.prototype as Record<string, unknown> | undefined;
  const rawRegister = registryPrototype?.register;
  if (registryPrototype && typeof rawRegister === 'function') {
    registryPrototype.register = function register(this: unknown, ...args: unknown[]) {
      touch();
      return (rawRegister as (...a: unknown[]) => unknown).apply(this, args);
    };
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
   * The safe host objects and functions, what they inherit from and what they hand out, frozen
   * when the first case opens (as lockdown froze ECMAScript's): their state is shared by every
   * case a worker runs, and code stored on them (`Performance.prototype.now = ...`) would run in
   * later cases. Only the global object and its prototypes stay open (they hold the gate's own
   * accessors); those are compared from case to case instead.
   */
  const harden = () => {
    const roots: unknown[] = [];
    for (const name of SAFE) {
      const descriptor = chain.map((o) => getOwnPropertyDescriptor(o, name)).find(Boolean);
      if (descriptor) roots.push(descriptor.value, descriptor.get, descriptor.set);
    }
    // What safe objects hand out when used: performance entries, the iterators below.
    for (const name of ['PerformanceEntry', 'PerformanceMark', 'PerformanceMeasure']) {
      const descriptor = getOwnPropertyDescriptor(scope, name);
      if (descriptor) roots.push(descriptor.value);
    }
    const handedOut = (make: () => unknown) => {
      try {
        roots.push(getPrototypeOf(make()));
      } catch {
        // not in this host
      }
    };
    const Url = holder.URLSearchParams as (new () => Iterable<unknown>) | undefined;
    const HeadersClass = holder.Headers as (new () => Iterable<unknown>) | undefined;
    if (Url) handedOut(() => new Url()[Symbol.iterator]());
    if (HeadersClass) handedOut(() => new HeadersClass()[Symbol.iterator]());
    roots.push(holder.performance, holder.console, holder.location);
    const open = new Set<object>(chain);
    while (roots.length > 0) {
      const value = roots.pop();
      if ((typeof value !== 'object' && typeof value !== 'function') || value === null) continue;
      if (open.has(value) || Object.isFrozen(value)) continue;
      Object.freeze(value);
      roots.push(getPrototypeOf(value));
      for (const key of ownKeys(value)) {
        const d = getOwnPropertyDescriptor(value, key)!;
        roots.push(d.value, d.get, d.set);
      }
    }
  };

  /** Each open object's own properties, read by descriptor (no getter of a case's runs). */
  type Snapshot = unknown[][];
  const snapshot = (): Snapshot =>
    chain.map((o) => {
      const entries: unknown[] = [];
      for (const key of ownKeys(o)) {
        const d = getOwnPropertyDescriptor(o, key)!;
        entries.push(key, d.value, d.get, d.set, d.writable, d.enumerable, d.configurable);
      }
      return entries;
    });
  const same = (a: Snapshot, b: Snapshot): boolean =>
    a.length === b.length &&
    a.every(
      (entries, i) =>
        entries.length === b[i]!.length && entries.every((v, j) => Object.is(v, b[i]![j])),
    );

  /** What a case leaves in the host's own records: performance marks and measures. */
  const performanceRecords = holder.performance as
    { clearMarks?(): void; clearMeasures?(): void } | undefined;
  const clearMarks = performanceRecords?.clearMarks;
  const clearMeasures = performanceRecords?.clearMeasures;
  /** Running any regular expression resets the legacy statics (RegExp.$1, lastMatch, ...). */
  const emptyMatch = /(?:)/;

  let before: Snapshot | undefined;
  const gate: CaseGate = {
    open() {
      if (!armed) {
        // Hardened first: it reads what safe objects hand out through unmarked descriptors.
        harden();
        markHostNames();
        before = snapshot();
        armed = true;
      }
      running = true;
    },
    close() {
      const clean = !touched && before !== undefined && same(before, snapshot());
      running = false;
      for (const id of timers) {
        rawClearTimeout.call(scope, id);
        rawClearInterval.call(scope, id);
      }
      timers.clear();
      clearMarks?.call(performanceRecords);
      clearMeasures?.call(performanceRecords);
      emptyMatch.exec('');
      return clean && !touched;
    },
  };
  defineProperty(scope, '__theinferenceGate', { value: gate, configurable: true });
}
