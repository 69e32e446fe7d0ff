import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { formatPath, type PathSegment } from '../wire/format-path.ts';
import type { Harness, HarnessMain, ToolImpl } from './harness-api.ts';
import { APIError, responseHeaders } from './sdk/errors.ts';
import { formatConsoleArgs } from './format-value.ts';
import { cutConsoleLine, RUN_LIMITS } from '../wire/limits.ts';
import { lockdown } from './lockdown.ts';
import { createStreamLedger, type EventStream } from './event-stream.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import type {
  ConsoleLevel,
  ConsoleLine,
  HostMethods,
  ModelCall,
  WorkerMethods,
} from '../wire/worker-protocol.ts';
import { serializeError } from '../wire/errors.ts';
import type { ApprovalCall, Decision } from '../wire/approval.ts';
import { createRpc, RpcError, type RpcMessage } from '../wire/rpc.ts';

/**
 * The part of a run that lives inside the worker, bundled ahead of the harness and the
 * learner's code, and evaluated before either: it takes what it needs (the port, JSON, the
 * console), then hardens the realm (`lockdown`), so that nothing the learner's code patches
 * changes what the harness records. It relays model calls to the host (which holds the
 * cassette), and reports tools, console and output, all as calls on the one RPC of
 * core/wire/worker-protocol.ts. A worker runs one case and is terminated.
 *
 * Each host's worker boot hands it the port as `globalThis.__theinferencePort`, and this module
 * takes it into its closure and deletes the name before any lesson code exists: the port is
 * the one channel the host believes, and nothing learner code can reach posts on it (the
 * browser's boot also removes the worker's own `postMessage`,
 * web/host/case-worker/case-worker-boot.ts; the CLI's worker never had one on its global).
 */
interface RuntimePort {
  post(message: RpcMessage): void;
  listen(handler: (message: unknown) => void): void;
}

const scope = globalThis as unknown as {
  __theinferencePort?: RuntimePort;
  performance?: { now(): number };
  console: Record<ConsoleLevel, (...args: unknown[]) => void>;
};
const port = scope.__theinferencePort;
delete scope.__theinferencePort;
const stringify = JSON.stringify;
const parse = JSON.parse;
// Bound now: learner code may patch Performance.prototype.now (a host object lockdown leaves).
const perfNow = scope.performance ? scope.performance.now.bind(scope.performance) : undefined;
const dateNow = Date.now;
const now = (): number => (perfNow ? perfNow() : dateNow());
const timeout = (globalThis as unknown as { setTimeout(f: () => void, ms: number): unknown })
  .setTimeout;
const wait = (ms: number) => new Promise<void>((resolve) => void timeout(resolve, ms));

/**
 * Console lines not yet sent: a case's lines go out together, one message per burst (all the
 * lines its code logs before it next waits, or about a megabyte of them), not one message
 * per line. All of a run's cases start at once, and a thousand lines each as a thousand
 * messages queued every case's model calls behind ~8,000 messages on the frame's thread.
 */
let unsent: ConsoleLine[] = [];
let unsentChars = 0;
/** Characters of console text one message carries at most: well under a relay's message bound. */
const CONSOLE_MESSAGE_CHARS = 1_000_000;
const settled = Promise.resolve();
const microtask = (fn: () => void) => void settled.then(fn);

/**
 * The host's methods, called over the port. Every message it posts sends the console lines
 * logged before it first, so the order is kept. Its internals (Map, Promise, Object.hasOwn)
 * are intrinsics that `lockdown` freezes before any lesson code exists; its one class of its
 * own, RpcError (what a failed call rejects with), is frozen here, as learner code may see one.
 */
const host = createRpc<HostMethods, WorkerMethods>({ start }, (message) => {
  sendConsole();
  port?.post(message);
});
Object.freeze(RpcError.prototype);
Object.freeze(RpcError);

function sendConsole(): void {
  if (unsent.length === 0) return;
  const lines = unsent;
  unsent = [];
  unsentChars = 0;
  host.notify('console', lines);
}

function logLine(line: ConsoleLine): void {
  unsent.push(line);
  unsentChars += line.text.length;
  if (unsent.length === 1) microtask(sendConsole);
  if (unsentChars > CONSOLE_MESSAGE_CHARS) sendConsole();
}

let consoleLines = 0;
/** What was logged so far, for harnesses that grade what the learner's code prints. */
const logged: string[] = [];
/** Model requests sent so far: a stream is named by its request's number. */
let requests = 0;
/** The case's streamed replies, and how far the code read each. */
const streams = createStreamLedger(wait);
let main: HarnessMain | undefined;
let started = false;

/** Routes the console to the host, from the first line any lesson code logs. */
function captureConsole(): void {
  for (const level of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    const write = (...args: unknown[]) => {
      consoleLines++;
      if (consoleLines <= RUN_LIMITS.consoleLines && (level === 'log' || level === 'info')) {
        logged.push(formatConsoleArgs(args, stringify));
      }
      if (consoleLines > RUN_LIMITS.consoleLines) {
        if (consoleLines === RUN_LIMITS.consoleLines + 1) host.notify('consoleTruncated', null);
        return;
      }
      logLine({ level, text: cutConsoleLine(formatConsoleArgs(args, stringify)) });
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
  const number = requests + 1;
  return requestModel(request).then((reply) => {
    // A streamed request's reply always has its events: a recording's (the loader checks), or
    // the real API's, as live mode read them.
    if (!reply.stream) throw new TypeError('the reply to this streaming request came whole');
    return streams.open(number, reply.stream);
  });
}

/** The host's reply to `request`; the API's error is thrown as the SDK would throw it. */
function requestModel(
  request: ApiRequest,
): Promise<{ response: ApiResponse; stream?: TimedEvent[] }> {
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
  requests++;
  const call: ModelCall = unawaited.length > 0 ? { request: body, unawaited } : { request: body };
  return host.call('model', call).then((reply) => {
    if (!reply.ok) throw APIError.generate(reply.status, reply.body, undefined, responseHeaders());
    return reply;
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
      const durationMs = now() - started;
      host.notify('tool', { name, input: safeClone(input), output, durationMs });
      return output;
    } catch (error) {
      host.notify('tool', {
        name,
        input: safeClone(input),
        error: serializeError(error),
        durationMs: now() - started,
      });
      throw error;
    }
  };
}

/** Asks the user about a call: the host answers (a scripted user, or the person in live mode). */
function ask(call: ApprovalCall): Promise<Decision> {
  const input = safeClone(call?.input);
  if (typeof call?.name !== 'string' || typeof input !== 'object' || input === null) {
    return Promise.reject(new TypeError('h.ask takes a call: { name: string, input: object }.'));
  }
  const question = { name: call.name, input: input as Record<string, unknown> };
  return host.call('ask', question);
}

function safeClone(value: unknown): unknown {
  try {
    return parse(stringify(value) ?? 'null') as unknown;
  } catch {
    return '(not JSON-serialisable)';
  }
}

function print(value: unknown): void {
  host.notify('output', stringify(value) ?? 'null');
}

interface EscapedError {
  /** False for an event that code dispatched itself (`dispatchEvent`): not an escaped error. */
  isTrusted?: boolean;
  reason?: unknown;
  error?: unknown;
  message?: unknown;
  preventDefault?(): void;
}

/**
 * Errors that escape every await (a rejected promise nobody awaited, a throw in a timer) end
 * the run with their own stack, rather than leaving it to time out. Node's worker threads
 * report these to the host on their own; browser workers need the listeners. Only the events
 * the browser itself fires count (`isTrusted`, which no script can set): an ErrorEvent learner
 * code dispatches is not the runtime's word.
 */
function reportEscapedErrors(): void {
  const events = globalThis as unknown as {
    addEventListener?: (type: string, listener: (event: EscapedError) => void) => void;
  };
  events.addEventListener?.('unhandledrejection', (event) => {
    if (event.isTrusted === false) return;
    host.notify('error', serializeError(event.reason));
  });
  events.addEventListener?.('error', (event) => {
    if (event.isTrusted === false) return;
    host.notify('error', serializeError(event.error ?? event.message));
    // Reported with its stack above; the host need not also get the bare event.
    event.preventDefault?.();
  });
}

/** Runs the harness once the host sends `start`; called by the bundle's entry. */
export function startRun(harness: HarnessMain): void {
  main = harness;
}

/** The host's `start`: runs the harness, once, with the case's input. */
function start(input: unknown): void {
  if (!main || started) return;
  started = true;
  const h: Harness = {
    input,
    // Typed as part one reads a reply; the recording's thinking blocks are in it as they came.
    createMessage: createMessage as Harness['createMessage'],
    streamMessage,
    tools,
    ask,
    print,
    consoleLines: () => logged.slice(),
  };
  main(h).then(
    () => {
      // A stream left half read is the code's mistake, whatever it printed.
      const unread = streams.problem();
      if (unread) host.notify('error', { name: 'Error', message: unread });
      else host.notify('done', null);
    },
    (error: unknown) => host.notify('error', serializeError(error)),
  );
}

port?.listen(host.receive);
