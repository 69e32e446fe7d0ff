import { spawn as spawnProcess, type ChildProcess } from 'node:child_process';
// Core's files directly, not its index: this module starts first (see entry.ts), before the
// rest of the engine has loaded.
import {
  RELAY_LIMITS,
  type SerializedError,
  type SpawnWorker,
  type WorkerEvents,
} from '../../../core/index.ts';
import { createJsonLineReader } from '../line-reader.ts';
import {
  MAX_REPORT_LINE,
  parseSandboxReport,
  SANDBOX_MEMORY,
  stoppedError,
  type SandboxReport,
  type SandboxRequest,
} from '../protocol.ts';

/**
 * THE one place the CLI runs learner code: a sandbox process of its own (cli/sandbox/), started
 * under Node's permission model, in which each case gets a fresh worker thread. The grading
 * process keeps the cassette and the verdict; only lines of JSON cross, read in bounded pieces
 * and parsed as untrusted.
 */
export interface Sandbox {
  /** Runs one case's script in a fresh worker; `runCase` owns its timer and terminates it. */
  spawn: SpawnWorker;
  /** Starts workers ahead of the cases that will need them, up to `count` waiting. */
  prepare(count: number): void;
  /** Ends the sandbox process and every worker in it at once; cases still running say so. */
  close(): void;
}

/**
 * Node's permission model: `--permission` from Node 22.13 and 23.5, `--experimental-permission`
 * before. Nothing may be read (the program comes as `-e`) or written, and no child process or
 * inspector started; workers are allowed, for one realm per case.
 */
export function permissionFlags(): string[] {
  const flag = process.allowedNodeEnvironmentFlags.has('--permission')
    ? '--permission'
    : '--experimental-permission';
  return [flag, '--allow-worker'];
}

/**
 * The CLI's one-line prelude (core puts it ahead of the bundle, see `withPrelude`): the worker's
 * boot program has set up the port already, so here it is only a comment.
 */
export const SANDBOX_PRELUDE = '// theinference: one case, in a worker of its own';

/** Bytes one case may send, as JSON, before the CLI stops it even if the sandbox does not. */
const MAX_CASE_CHARS = 6 * RELAY_LIMITS.totalSize;

/** Starts the sandbox process for `program` (the bundled cli/sandbox/child/sandbox-process.ts). */
export function createSandbox(program: string): Sandbox {
  let child: ChildProcess | undefined;
  let nextId = 1;
  /** Cases running, by spawn id: their events, and how many characters they have sent. */
  const live = new Map<number, { events: WorkerEvents; chars: number }>();

  const send = (request: SandboxRequest) => {
    start().stdin?.write(`${JSON.stringify(request)}\n`);
  };

  /** Ends a case on the sandbox's or the CLI's word: it hears nothing more. */
  const fail = (id: number, error: SerializedError) => {
    const entry = live.get(id);
    if (!entry) return;
    live.delete(id);
    entry.events.error(error);
  };

  const onReport = (message: SandboxReport) => {
    switch (message.type) {
      case 'message':
        return live.get(message.id)?.events.message(message.data);
      case 'worker-error':
        return fail(message.id, message.error);
      case 'exit':
        return fail(message.id, {
          name: 'WorkerExit',
          message: `The thread running this case ended (exit code ${message.code}) before the harness printed its result.`,
        });
      case 'stopped':
        return fail(message.id, stoppedError(message.reason));
    }
  };

  /** The process stopped answering as the protocol says: no case it runs can be believed. */
  const abandon = (error: SerializedError) => {
    const ending = child;
    child = undefined;
    ending?.kill('SIGKILL');
    for (const id of [...live.keys()]) fail(id, error);
  };

  function start(): ChildProcess {
    if (child) return child;
    const started = spawnProcess(
      process.execPath,
      [
        ...permissionFlags(),
        '--no-warnings',
        // Its own thread's heap; the workers' have resourceLimits, their ArrayBuffers the watch.
        `--max-old-space-size=${SANDBOX_MEMORY.oldSpaceMb}`,
        '-e',
        program,
      ],
      // No environment: nothing of the learner's (an API key) is in the sandbox's memory, and no
      // NODE_OPTIONS changes how it starts.
      { stdio: ['pipe', 'pipe', 'pipe'], env: {} },
    );
    child = started;
    let stderr = '';
    const read = createJsonLineReader(
      MAX_REPORT_LINE,
      (data, length) => {
        const message = parseSandboxReport(data);
        const entry = message && live.get(message.id);
        if (!message || !entry) return;
        entry.chars += length;
        if (entry.chars > MAX_CASE_CHARS) {
          send({ type: 'terminate', id: message.id });
          return fail(message.id, stoppedError('too-large'));
        }
        onReport(message);
      },
      () => {
        if (child === started) abandon(stoppedError('too-large'));
      },
    );
    started.stdout?.setEncoding('utf8').on('data', read);
    started.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2_000);
    });
    started.stdin?.on('error', () => {});
    started.on('error', (error) => {
      if (child === started) abandon({ name: 'SandboxError', message: error.message });
    });
    started.on('exit', (code, signal) => {
      if (child !== started) return;
      child = undefined;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      const detail = stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' / ')}` : '';
      abandon({
        name: 'SandboxCrashed',
        message: `The process running the code ended unexpectedly (${how}${detail}), so the run was stopped.`,
      });
    });
    // The sandbox never keeps the CLI alive: a running case's timer does, as long as it runs.
    started.unref();
    for (const stream of [started.stdin, started.stdout, started.stderr]) {
      (stream as { unref?: () => void } | null)?.unref?.();
    }
    return started;
  }

  start();
  return {
    spawn(script, events) {
      const id = nextId++;
      live.set(id, { events, chars: 0 });
      send({ type: 'spawn', id, script });
      return {
        post: (message) => {
          if (live.has(id)) send({ type: 'post', id, message });
        },
        terminate: () => {
          if (!live.delete(id)) return;
          if (child) send({ type: 'terminate', id });
        },
      };
    },
    prepare(count) {
      send({ type: 'prepare', count });
    },
    close() {
      const ending = child;
      child = undefined;
      ending?.kill('SIGKILL');
      // Held until it has gone (a millisecond): the CLI reaps its sandbox, and accounts for it.
      ending?.ref();
      for (const id of [...live.keys()]) {
        fail(id, { name: 'SandboxClosed', message: 'The run was stopped before this case ended.' });
      }
    },
  };
}
