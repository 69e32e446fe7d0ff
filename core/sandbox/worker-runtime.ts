import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { formatPath, type PathSegment } from './format-path.ts';
import type { Harness, HarnessMain, ToolImpl } from './harness-api.ts';
import { APIError, responseHeaders } from './sdk/errors.ts';
import { formatConsoleArgs } from './format-value.ts';
import { cutConsoleLine, RUN_LIMITS } from '../run/limits.ts';
import type { CaseGate } from './case-gate.ts';
import { lockdown } from './lockdown.ts';
import { createStreamLedger, type EventStream, type StreamLedger } from './event-stream.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import {
  serializeError,
  type CaseEnd,
  type CaseEnded,
  type ConsoleLevel,
  type HostMessage,
  type WorkerMessage,
} from './protocol.ts';

/**
 * The part of a run that lives inside the worker, bundled ahead of the harness and the
 * learner's code, and evaluated before either: it takes what it needs (the port, JSON, the
 * console), then hardens the realm (`lockdown`), so that nothing the learner's code patches
 * changes what the harness records. It relays model calls to the host (which holds the
 * cassette), and reports tools, console and output.
 * Each host supplies the port as `globalThis.__theinferencePort` in a one-line prelude.
 *
 * A worker runs one case, or, in the browser's runner frame, several one after another: each
 * string the host sends is a case's script, and opens a case of its own here (its console
 * count, its model calls, its harness); the host's `end` closes it, and the runtime answers
 * whether the case left the realm clean (`CaseGate`), so the host may give the worker another.
 */
interface RuntimePort {
  post(message: WorkerMessage | CaseEnded): void;
  listen(handler: (message: unknown) => void): void;
  /** A new case: its messages count against a budget of their own (the browser's prelude). */
  newCase?(): void;
}

const scope = globalThis as unknown as {
  __theinferencePort?: RuntimePort;
  __theinferenceGate?: CaseGate;
  performance?: { now(): number };
  console: Record<ConsoleLevel, (...args: unknown[]) => void>;
};
const port = scope.__theinferencePort;
delete scope.__theinferencePort;
const gate = scope.__theinferenceGate;
delete scope.__theinferenceGate;
const stringify = JSON.stringify;
const parse = JSON.parse;
const perf = scope.performance;
const now = (): number => (perf ? perf.now() : Date.now());
const timeout = (globalThis as unknown as { setTimeout(f: () => void, ms: number): unknown })
  .setTimeout;
const wait = (ms: number) => new Promise<void>((resolve) => void timeout(resolve, ms));

/** A model call's answer as it crosses: the reply, and a streamed one's events. */
interface ModelReply {
  response: ApiResponse;
  stream?: TimedEvent[];
}

/** One case's state: everything a case's code can add to lives here, and goes with the case. */
interface CaseState {
  consoleLines: number;
  /** What was logged so far, for harnesses that grade what the learner's code prints. */
  logged: string[];
  nextId: number;
  pending: Map<number, { resolve(r: ModelReply): void; reject(e: unknown): void }>;
  /** The case's streamed replies, and how far the code read each. */
  streams: StreamLedger;
  main?: HarnessMain;
  /** Ended by the host: nothing more is sent for it. */
  over: boolean;
}

const newCase = (): CaseState => ({
  consoleLines: 0,
  logged: [],
  nextId: 1,
  pending: new Map(),
  streams: createStreamLedger(wait),
  over: false,
});
let current = newCase();

function send(message: WorkerMessage): void {
  if (!current.over) port?.post(message);
}

/** Routes the console to the host, from the first line any lesson code logs. */
function captureConsole(): void {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const write = (...args: unknown[]) => {
      const c = current;
      c.consoleLines++;
      if (c.consoleLines <= RUN_LIMITS.consoleLines && (level === 'log' || level === 'info')) {
        c.logged.push(formatConsoleArgs(args, stringify));
      }
      if (c.consoleLines > RUN_LIMITS.consoleLines) {
        if (c.consoleLines === RUN_LIMITS.consoleLines + 1) send({ type: 'console-truncated' });
        return;
      }
      send({ type: 'console', level, text: cutConsoleLine(formatConsoleArgs(args, stringify)) });
    };
    // Fixed, like the built-ins: what the code logs is graded in some lessons.
    Object.defineProperty(scope.console, level, {
      value: write,
      writable: false,
      configurable: false,
    });
  }
}

captureConsole();
lockdown();
// Before any lesson module is evaluated: a throw while one loads (a patched built-in at its
// top level) is reported with its own name and stack, as a throw later would be.
reportEscapedErrors();

/** Sends one request to the cassette on the host's side; also behind the SDK stand-in. */
export function createMessage(request: ApiRequest): Promise<ApiResponse> {
  return requestModel(request).then((reply) => reply.response);
}

/**
 * Sends a streaming request (`stream: true`): it resolves, once the request passed the same
 * checks, with the reply's events to read, or rejects as `createMessage` does.
 */
export function streamMessage(request: ApiRequest): Promise<EventStream> {
  const c = current;
  const number = c.nextId;
  return requestModel(request).then((reply) => {
    // A recording's streamed request always has its events (the loader checks); live mode
    // takes whole replies only, and refuses `stream: true` before sending.
    if (!reply.stream) throw new TypeError('the reply to this streaming request came whole');
    return c.streams.open(number, reply.stream);
  });
}

function requestModel(request: ApiRequest): Promise<ModelReply> {
  let body: ApiRequest;
  // Seen here or never: as JSON, a Promise is `{}`, and the API's complaint names a shape.
  const unawaited = promisesIn(request);
  try {
    body = parse(stringify(request)) as ApiRequest;
  } catch (error) {
    return Promise.reject(
      new TypeError(`the request could not be sent as JSON: ${serializeError(error).message}`),
    );
  }
  const c = current;
  const id = c.nextId++;
  return new Promise<ModelReply>((resolve, reject) => {
    c.pending.set(id, { resolve, reject });
    send({
      type: 'model-request',
      id,
      request: body,
      ...(unawaited.length > 0 ? { unawaited } : {}),
    });
  });
}

/** Where a value holds a Promise (at most a few paths; a bounded walk, safe on cycles). */
function promisesIn(value: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  const todo: [unknown, PathSegment[]][] = [[value, []]];
  for (let visited = 0; todo.length > 0 && visited < 100_000 && found.length < 5; visited++) {
    const [current, path] = todo.pop()!;
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (current instanceof Promise) {
      found.push(formatPath(path));
      continue;
    }
    // Last first, so paths come out in document order; no method of the value is called.
    const record = current as Record<PathSegment, unknown>;
    const keys: PathSegment[] = Array.isArray(current)
      ? Array.from({ length: Math.min(current.length, 100_000) }, (_, i) => i)
      : Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      todo.push([record[key], [...path, key]]);
    }
  }
  return found;
}

function tools(impls: Record<string, ToolImpl>) {
  return async (name: string, input: Record<string, unknown>): Promise<string> => {
    const started = now();
    const impl = Object.prototype.hasOwnProperty.call(impls, name) ? impls[name] : undefined;
    try {
      if (!impl) throw new Error(`unknown tool: ${name}`);
      const value: unknown = await impl(input);
      const output = typeof value === 'string' ? value : (stringify(value) ?? String(value));
      send({ type: 'tool', name, input: safeClone(input), output, durationMs: now() - started });
      return output;
    } catch (error) {
      send({
        type: 'tool',
        name,
        input: safeClone(input),
        error: serializeError(error),
        durationMs: now() - started,
      });
      throw error;
    }
  };
}

function safeClone(value: unknown): unknown {
  try {
    return parse(stringify(value) ?? 'null') as unknown;
  } catch {
    return '(not JSON-serialisable)';
  }
}

function print(value: unknown): void {
  send({ type: 'output', json: stringify(value) ?? 'null' });
}

interface EscapedError {
  reason?: unknown;
  error?: unknown;
  message?: unknown;
  preventDefault?(): void;
}

/**
 * Errors that escape every await (a rejected promise nobody awaited, a throw in a timer) end
 * the run with their own stack, rather than leaving it to time out. Node's worker threads
 * report these to the host on their own; browser workers need the listeners.
 */
function reportEscapedErrors(): void {
  const events = globalThis as unknown as {
    addEventListener?: (type: string, listener: (event: EscapedError) => void) => void;
  };
  events.addEventListener?.('unhandledrejection', (event) => {
    send({ type: 'error', error: serializeError(event.reason) });
  });
  events.addEventListener?.('error', (event) => {
    send({ type: 'error', error: serializeError(event.error ?? event.message) });
    // Reported with its stack above; the host need not also get the bare event.
    event.preventDefault?.();
  });
}

/** Runs the harness once the host sends `start`; called by the bundle's entry. */
export function startRun(main: HarnessMain): void {
  current.main = main;
}

/** A new case's script has come (a pooled worker): the case gets state of its own. */
function openCase(): void {
  current = newCase();
  port?.newCase?.();
  gate?.open();
}

/** The host has ended the case: it says whether the case left the realm clean. */
function endCase(nonce: string): void {
  current.over = true;
  const clean = gate ? gate.close() : false;
  port?.post({ type: 'ended', nonce, clean });
}

port?.listen((message) => {
  if (typeof message === 'string') return openCase();
  const host = message as HostMessage | CaseEnd;
  if (typeof host !== 'object' || host === null) return;
  if (host.type === 'start') {
    const c = current;
    const main = c.main;
    if (!main) return;
    const h: Harness = {
      input: host.input,
      createMessage,
      streamMessage,
      tools,
      print,
      consoleLines: () => c.logged.slice(),
    };
    main(h).then(
      () => {
        // A stream left half read is the code's mistake, whatever it printed.
        const unread = c.streams.problem();
        send(
          unread ? { type: 'error', error: { name: 'Error', message: unread } } : { type: 'done' },
        );
      },
      (error: unknown) => send({ type: 'error', error: serializeError(error) }),
    );
  } else if (host.type === 'model-reply') {
    const call = current.pending.get(host.id);
    current.pending.delete(host.id);
    if (!call) return;
    if (host.ok)
      call.resolve(
        host.stream
          ? { response: host.response, stream: host.stream }
          : { response: host.response },
      );
    else call.reject(APIError.generate(host.status, host.body, undefined, responseHeaders()));
  } else if (host.type === 'end' && typeof host.nonce === 'string') {
    endCase(host.nonce);
  }
});
