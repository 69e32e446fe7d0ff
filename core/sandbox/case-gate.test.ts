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
    console: { log: () => undefined },
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
    const { runCase } = realm();
    type Registry = new (cleanup: () => void) => { register(o: object, v: unknown): void };
    expect(
      runCase((g) => new (g.FinalizationRegistry as Registry)(() => undefined).register({}, 1)),
    ).toBe(false);
    expect(runCase((g) => void (g.FinalizationRegistry as { prototype: object }).prototype)).toBe(
      false,
    );
    expect(
      runCase((g) =>
        (g.Atomics as { waitAsync(...a: unknown[]): unknown }).waitAsync(
          new Int32Array(new SharedArrayBuffer(4)),
          0,
          0,
          10,
        ),
      ),
    ).toBe(false);
    expect(runCase((g) => void (g.Atomics as { add: unknown }).add)).toBe(true);
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

  it('marks a case that changes a safe host object or its prototype', () => {
    expect(realm().runCase((g) => void ((g.console as Record<string, unknown>).extra = 1))).toBe(
      false,
    );
    expect(
      realm().runCase(
        (g) => void (((g.URL as { prototype: object }).prototype as Record<string, unknown>).x = 1),
      ),
    ).toBe(false);
  });
});
