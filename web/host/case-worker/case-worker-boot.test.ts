import { describe, expect, it } from 'vitest';
import { WORKER_MESSAGE_BUDGET } from '../../../core/wire/limits.ts';
import { bootCaseWorker, REMOVED_NAMES, type BootPort } from './case-worker-boot.ts';

/** What the stand-in runtime (below) leaves on the scope, for the test to read. */
interface Booted {
  port?: { post(message: unknown): void };
  heard: unknown[];
  cases: number;
}

/**
 * A stand-in for the sandbox's runtime: it takes the port, deletes its name, and listens, as
 * core/sandbox/worker-runtime.ts does.
 */
const RUNTIME = `const port = globalThis.__theinferencePort;
delete globalThis.__theinferencePort;
globalThis.booted = { port, heard: [], cases: 0 };
port.listen((message) => globalThis.booted.heard.push(message));`;

/**
 * A stand-in for a worker's global scope: the channel's names on the global and timers on its
 * prototype, as Chromium has them; listeners kept so the test can fire events.
 */
function boot() {
  const listeners: ((event: unknown) => void)[] = [];
  const timers: unknown[] = [];
  const workerGlobalScope: Record<string, unknown> = {
    setTimeout: (handler: unknown) => timers.push(handler),
    setInterval: (handler: unknown) => timers.push(handler),
    importScripts: () => undefined,
  };
  const scope = Object.create(workerGlobalScope) as Record<string, unknown>;
  Object.assign(scope, {
    postMessage: () => undefined,
    onmessage: null,
    onmessageerror: null,
    BroadcastChannel: class {},
    Worker: class {},
    addEventListener: (_type: string, listener: (event: unknown) => void) =>
      listeners.push(listener),
  });
  const posted: unknown[] = [];
  const realm = {
    scope,
    portPost(this: BootPort, message: unknown) {
      posted.push(message);
    },
    eventData(this: unknown) {
      return (this as { data: unknown }).data;
    },
    eventPorts(this: unknown) {
      return (this as { ports: BootPort[] }).ports;
    },
    evaluate: (code: string) => void new Function('globalThis', code)(scope),
  };
  bootCaseWorker(realm, RUNTIME);
  const port: BootPort = { onmessage: null };
  /** The frame's one message on the global, carrying the port. */
  const connect = (isTrusted = true) => {
    for (const listener of listeners) listener({ isTrusted, data: null, ports: [port] });
  };
  const send = (data: unknown) => port.onmessage?.({ data });
  const booted = () => scope.booted as Booted;
  return { scope, workerGlobalScope, timers, posted, port, connect, send, booted };
}

describe("a case worker's boot", () => {
  it('removes the global channel, cross-worker channels and importScripts before the runtime runs', () => {
    const { scope, workerGlobalScope } = boot();
    for (const name of REMOVED_NAMES) {
      expect([name, name in scope, name in workerGlobalScope]).toEqual([name, false, false]);
    }
  });

  it('hands the runtime its port under a name the runtime then deletes', () => {
    const { scope, booted } = boot();
    expect(typeof booted().port?.post).toBe('function');
    expect('__theinferencePort' in scope).toBe(false);
  });

  it('takes the port from a trusted message only, then runs the first string as the case', () => {
    const { scope, port, connect, send, booted } = boot();
    // An event code dispatched itself is not the frame's.
    connect(false);
    expect(port.onmessage).toBeNull();
    connect();
    expect(port.onmessage).not.toBeNull();
    send('globalThis.booted.cases++;');
    send('globalThis.booted.cases++;');
    send({ type: 'start', input: 1 });
    expect(booted().cases).toBe(1);
    // The second string is the runtime's to ignore, not a case.
    expect(booted().heard).toEqual(['globalThis.booted.cases++;', { type: 'start', input: 1 }]);
    expect(scope.booted).toBe(booted());
  });

  it('posts on the port with the postMessage it captured, up to the budget', () => {
    const { posted, connect, booted } = boot();
    connect();
    const post = booted().port!.post;
    for (let i = 0; i < WORKER_MESSAGE_BUDGET; i++) post(i);
    expect(() => post('one too many')).toThrow(RangeError);
    expect(posted).toHaveLength(WORKER_MESSAGE_BUDGET);
  });

  it('refuses code in a string for setTimeout and setInterval, as Node does', () => {
    const { scope, timers } = boot();
    const setTimeout = scope.setTimeout as (handler: unknown, ms?: number) => unknown;
    const setInterval = scope.setInterval as (handler: unknown, ms?: number) => unknown;
    expect(() => setTimeout('let console = {}')).toThrow(TypeError);
    expect(() => setInterval('let console = {}')).toThrow(TypeError);
    const fn = () => undefined;
    setTimeout(fn, 0);
    expect(timers).toEqual([fn]);
  });
});
