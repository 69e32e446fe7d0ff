import type { SerializedError, SpawnWorker, WorkerHandle } from '../../../core/index.ts';
import { attach, detach, send } from './runner-frame.ts';
import { errorFromWorkerError, stoppedError } from './runner-protocol.ts';
import { PRELUDE } from './worker-prelude.ts';

/**
 * THE one place learner code gets a thread: a fresh worker per case, created inside the
 * sandboxed runner frame (see runner-frame.ts) and reached through it by spawn id. The core's
 * `runCase` owns the timer and calls `terminate()` on timeout, cancel and completion; a
 * terminated worker is never reused, and anything the frame says about it afterwards is dropped.
 */

let nextId = 1;

export const spawnSandboxedWorker: SpawnWorker = (script, events): WorkerHandle => {
  const id = nextId++;
  let alive = true;
  const end = () => {
    alive = false;
    detach(id);
  };
  const fail = (error: SerializedError) => {
    if (!alive) return;
    events.error(error);
  };
  attach(id, {
    report(report) {
      if (!alive) return;
      switch (report.type) {
        case 'messages':
          // The core may end the run partway through (a flood): the rest are dropped.
          for (const data of report.data) if (alive) events.message(data);
          return;
        case 'worker-error':
          return fail(errorFromWorkerError(report));
        case 'message-error':
          return fail({ name: 'DataCloneError', message: 'a message could not be read' });
        case 'stopped':
          return fail(stoppedError(report.reason));
      }
    },
    lost(reason) {
      if (!alive) return;
      const error = reason === 'crashed' ? SANDBOX_CRASHED : SANDBOX_NEVER_STARTED;
      end();
      events.error(error);
    },
  });
  send({ type: 'spawn', id, script: `${PRELUDE}\n${script}` });
  return {
    post(message) {
      if (alive) send({ type: 'post', id, message });
    },
    terminate() {
      if (!alive) return;
      send({ type: 'terminate', id });
      end();
    },
  };
};

const SANDBOX_CRASHED: SerializedError = {
  name: 'SandboxCrashed',
  message:
    'The sandbox running this code stopped responding (most likely it ran out of memory), so the run was stopped. A fresh sandbox is ready for the next run.',
};

const SANDBOX_NEVER_STARTED: SerializedError = {
  name: 'SandboxUnavailable',
  message:
    'The sandbox that runs code (runner.html) did not start. Run again to retry, or reload the page.',
};
