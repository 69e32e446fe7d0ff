import { describe, expect, it } from 'vitest';
import { caseGate, type CaseGate } from './case-gate.ts';

/**
 * A stand-in for a worker's global scope, laid out as Chromium lays out a dedicated worker's:
 * timers and `fetch` on a prototype, constructors and `onmessage` on the global itself.
 */
function realm() {
  let handler: unknown = null;
  const proto = {
    setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
    clearTimeout: (id: ReturnType<typeof setTimeout>) => clearTimeout(id),
    clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
    fetch: () => Promise.reject(new TypeError('Failed to fetch')),
  };
  const scope = Object.create(proto) as Record<string, unknown>;
  Object.assign(scope, {
    console: Object.create({ log: () => undefined }) as object,
    URL: class URL {},
    MessageChannel: class MessageChannel {},
    FinalizationRegistry,
    Atomics: { ...Atomics, waitAsync: () => ({ async: false, value: 'timed-out' }) },
  });
  Object.defineProperty(scope, 'onmessage', {
    get: () => handler,
    set: (value: unknown) => void (handler = value),
    configurable: true,
    enumerable: true,
  });
  caseGate(scope);
  // What lockdown then does to ECMAScript's global names: fixes them.
  for (const name of ['FinalizationRegistry', 'Atomics']) {
    Object.defineProperty(scope, name, { writable: false, configurable: false });
  }
  const gate = scope.__theinferenceGate as CaseGate;
  delete scope.__theinferenceGate;
  /** Runs `body` as a case: between the gate's open and close; the close's answer. */
  const runCase = (body: (g: Record<string, unknown>) => void) => {
    gate.open();
    body(scope);
    return gate.close();
  };
  return { scope, gate, runCase };
}

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the case gate', () => {
  it('finds a case that only computed and used safe names clean, case after case', () => {
    const { runCase } = realm();
    for (let i = 0; i < 3; i++) {
      expect(
        runCase((g) => {
          (g.console as { log(s: string): void }).log('hello');
          void new (g.URL as new () => object)();
        }),
      ).toBe(true);
    }
  });

  it("clears a case's timers when it ends: none of them runs later", async () => {
    const { runCase } = realm();
    const ran: string[] = [];
    const clean = runCase((g) => {
      (g.setTimeout as (fn: () => void, ms: number) => void)(() => ran.push('timeout'), 5);
      (g.setInterval as (fn: () => void, ms: number) => void)(() => ran.push('interval'), 5);
    });
    expect(clean).toBe(true);
    await tick(30);
    expect(ran).toEqual([]);
  });

  it('leaves timers set outside a case alone', async () => {
    const { scope, runCase } = realm();
    const ran: string[] = [];
    (scope.setTimeout as (fn: () => void, ms: number) => void)(() => ran.push('host'), 5);
    runCase(() => undefined);
    await tick(30);
    expect(ran).toEqual(['host']);
  });

  it('marks a case that reads a host API that can call back later', () => {
    const { runCase } = realm();
    expect(runCase((g) => void g.fetch)).toBe(false);
    expect(runCase((g) => void new (g.MessageChannel as new () => object)())).toBe(false);
    expect(runCase((g) => void (g.onmessage = () => undefined))).toBe(false);
  });

  it("marks a case that uses ECMAScript's own ways to call back later", () => {
    type Registry = new (cleanup: () => void) => { register(o: object, v: unknown): void };
    expect(
      realm().runCase((g) =>
        new (g.FinalizationRegistry as Registry)(() => undefined).register({}, 1),
      ),
    ).toBe(false);
    // The constructor reached through its prototype registers through the same method.
    expect(
      realm().runCase((g) => {
        const raw = (g.FinalizationRegistry as { prototype: { constructor: Registry } }).prototype
          .constructor;
        new raw(() => undefined).register({}, 1);
      }),
    ).toBe(false);
    expect(
      realm().runCase((g) =>
        (g.Atomics as { waitAsync(...a: unknown[]): unknown }).waitAsync(
          new Int32Array(new SharedArrayBuffer(4)),
          0,
          0,
          10,
        ),
      ),
    ).toBe(false);
    expect(realm().runCase((g) => void (g.Atomics as { add: unknown }).add)).toBe(true);
  });

  it('stays marked: a worker once touched is never found clean again', () => {
    const { runCase } = realm();
    expect(runCase((g) => void g.fetch)).toBe(false);
    expect(runCase(() => undefined)).toBe(false);
  });

  it('reads the realm at the end without running anything a case planted', () => {
    // A getter that would put the original back and do its work while the gate looks.
    const { runCase } = realm();
    let ran = false;
    const clean = runCase((g) => {
      const original = Object.getOwnPropertyDescriptor(g, 'URL')!;
      Object.defineProperty(g, 'URL', {
        configurable: true,
        get() {
          ran = true;
          Object.defineProperty(g, 'URL', original);
          return original.value as unknown;
        },
      });
    });
    expect([clean, ran]).toEqual([false, false]);
  });

  it('marks the worker when anything of a case runs between cases', () => {
    const { scope, runCase } = realm();
    let later: () => void = () => undefined;
    expect(
      runCase((g) => {
        later = () => (g.setTimeout as (fn: () => void, ms: number) => void)(() => undefined, 1);
      }),
    ).toBe(true);
    later();
    expect(runCase(() => void scope)).toBe(false);
  });

  it('does not mark what the host itself does between cases', () => {
    const { scope, runCase } = realm();
    scope.onmessage = () => undefined;
    void scope.fetch;
    expect(runCase(() => undefined)).toBe(true);
  });

  it('marks a case that adds, replaces or removes a global', () => {
    expect(realm().runCase((g) => void (g.counter = 1))).toBe(false);
    expect(realm().runCase((g) => void (g.URL = class Other {}))).toBe(false);
    expect(realm().runCase((g) => void delete g.console)).toBe(false);
  });

  it('freezes the safe host objects, their prototypes and what they inherit', () => {
    const { runCase } = realm();
    expect(() => runCase((g) => void ((g.console as Record<string, unknown>).extra = 1))).toThrow(
      TypeError,
    );
    expect(() =>
      runCase(
        (g) => void (((g.URL as { prototype: object }).prototype as Record<string, unknown>).x = 1),
      ),
    ).toThrow(TypeError);
    expect(() =>
      runCase(
        (g) =>
          void ((Object.getPrototypeOf(g.console) as Record<string, unknown>).log = () =>
            undefined),
      ),
    ).toThrow(TypeError);
  });
});
