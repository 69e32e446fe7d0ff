// Runs in the sandbox process (the CLI's child, under Node's permission model).
import { Worker, type MessagePort } from 'node:worker_threads';
import {
  createRelayGuard,
  RELAY_LIMITS,
  serializeError,
  type RelayStop,
  type SerializedError,
} from '../../../core/wire/index.ts';
import { createJsonLineReader } from '../line-reader.ts';
import {
  parseSandboxRequest,
  type SandboxReport,
  type SandboxRequest,
  type StopReason,
} from '../protocol.ts';
import { probeChannel, watchMemory } from './memory-watch.ts';

/**
 * The sandbox process: the CLI starts it under Node's permission model (no file system, no
 * child processes, no inspector; workers only), and it runs each case's script in a fresh
 * worker thread of its own, one realm per case, as the browser's runner frame does. It relays
 * what each worker sends to the CLI, within the bounds of RELAY_LIMITS, stops a case that holds
 * too much memory (SANDBOX_MEMORY), and never judges: the cassette and the grader stay in the CLI.
 */

/**
 * Each case thread's whole program (case-thread.ts) as one classic script's text, bundled with
 * this program by cli/sandbox/host/sandbox-program.ts: this process reads no file.
 */
declare const __CASE_THREAD__: string;

/** A worker, and its end of the memory probe's port. */
interface Started {
  worker: Worker;
  memory: MessagePort;
}

/** A running case: its worker and what it has sent so far. */
interface Entry extends Started {
  /** Holds what it sends to `RELAY_LIMITS`. */
  guard: (message: unknown) => RelayStop | undefined;
  /** Set once the CLI or this process has ended it, or it has reported its end. */
  ended: boolean;
  /** The error that escaped the script, reported once the worker has exited. */
  error?: SerializedError;
}

const running = new Map<number, Entry>();
/** Fresh workers waiting for a script; each is used for one case and never comes back here. */
const idle: Started[] = [];

function report(message: SandboxReport): void {
  let line: string;
  try {
    line = JSON.stringify(message);
  } catch (error) {
    // Something a worker sent that JSON cannot carry (a BigInt): say so instead.
    const described = serializeError(error);
    line = JSON.stringify({
      type: 'worker-error',
      id: message.id,
      error: {
        name: 'DataCloneError',
        message: `a message could not be read: ${described.message}`,
      },
    } satisfies SandboxReport);
  }
  process.stdout.write(`${line}\n`);
}

function startWorker(): Started {
  const probe = probeChannel();
  const worker = new Worker(__CASE_THREAD__, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    // What learner code prints past the runtime's console (console.dir, console.table) is
    // dropped, as the browser drops it into the devtools; it must not pile up unread.
    stdout: true,
    stderr: true,
    ...probe.options,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return { worker, memory: probe.port };
}

/** Starts workers ahead of the cases that will need them, up to `count` waiting. */
function prepare(count: number): void {
  while (idle.length < count) {
    const started = startWorker();
    const drop = () => {
      const at = idle.indexOf(started);
      if (at !== -1) idle.splice(at, 1);
    };
    started.worker.once('error', drop).once('exit', drop);
    idle.push(started);
  }
}

function spawn(id: number, script: string): void {
  if (running.has(id)) return;
  const started = idle.shift() ?? startWorker();
  const { worker } = started;
  worker.removeAllListeners('error').removeAllListeners('exit');
  const entry: Entry = { ...started, guard: createRelayGuard(), ended: false };
  running.set(id, entry);
  worker.on('message', (data: unknown) => {
    if (entry.ended) return;
    const relayStop = entry.guard(data);
    if (relayStop) return void stop(id, relayStop);
    report({ type: 'message', id, data });
  });
  worker.on('messageerror', (error: Error) => {
    if (entry.ended) return;
    report({ type: 'worker-error', id, error: { name: 'DataCloneError', message: error.message } });
  });
  // An error arrives on the worker's internal channel and may overtake messages the script
  // posted before it threw; Node delivers those before 'exit', so the error waits for it.
  worker.on('error', (error: unknown) => {
    entry.error ??= serializeError(error);
  });
  worker.on('exit', (code: number) => {
    running.delete(id);
    if (entry.ended) return;
    entry.ended = true;
    report(
      entry.error ? { type: 'worker-error', id, error: entry.error } : { type: 'exit', id, code },
    );
  });
  worker.postMessage(script);
}

/** Ends a case's worker; resolves once it has exited. */
function end(id: number): Promise<unknown> {
  const entry = running.get(id);
  if (!entry) return Promise.resolve();
  running.delete(id);
  entry.ended = true;
  return entry.worker.terminate();
}

function stop(id: number, reason: StopReason): Promise<unknown> {
  const ended = end(id);
  report({ type: 'stopped', id, reason });
  return ended;
}

function handle(request: SandboxRequest): void {
  switch (request.type) {
    case 'prepare':
      return prepare(request.count);
    case 'spawn':
      return spawn(request.id, request.script);
    case 'post':
      return running.get(request.id)?.worker.postMessage(request.message);
    case 'terminate':
      return void end(request.id);
  }
}

watchMemory(running, (id) => stop(id, 'memory'));

const read = createJsonLineReader(
  64 * RELAY_LIMITS.messageSize,
  (data) => {
    const request = parseSandboxRequest(data);
    if (request) handle(request);
  },
  () => process.exit(2),
);
// The CLI has gone: nobody is left to report to.
process.stdout.on('error', () => process.exit(0));
process.stdin.setEncoding('utf8');
process.stdin.on('data', read);
// The CLI has gone (or closed this end): nothing is left to do.
process.stdin.on('end', () => process.exit(0));
