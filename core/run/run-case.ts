import { createCassetteSession } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun, RunEvent, RunOutcome } from './events.ts';
import {
  withPrelude,
  type AbortSignalLike,
  type ModelAnswerer,
  type ModelResult,
  type RunHost,
  type WorkerHandle,
} from './host.ts';
import { cutConsoleLine, RUN_LIMITS } from './limits.ts';
import { parseWorkerMessage, type HostMessage, type WorkerMessage } from '../sandbox/protocol.ts';

export interface CaseRunHandle {
  result: Promise<CaseRun>;
  /** Terminates the worker at once; the result settles as cancelled. */
  cancel(): void;
}

/**
 * Runs one case: a fresh worker for the bundled script (the host's prelude at its head), the
 * cassette answering its model calls from this side of the boundary (or, live, `answerer`),
 * and a timer that terminates it.
 */
export function runCase(
  host: RunHost,
  script: string,
  testCase: LessonCase,
  timeoutMs: number,
  answerer?: ModelAnswerer,
): CaseRunHandle {
  const { spawn, clock } = host;
  const session = createCassetteSession(testCase.cassette);
  /** Aborts the live calls still waiting when the case ends. */
  const aborts: (() => void)[] = [];
  const started = clock.now();
  const events: RunEvent[] = [];
  const outputs: string[] = [];
  let consoleLines = 0;
  let consoleTruncated = false;
  let rejection: CaseRun['rejection'];
  let callsAfterRejection = 0;
  let modelCalls = 0;
  let received = 0;
  let finished = false;
  let worker: WorkerHandle | undefined;
  let resolveRun: (run: CaseRun) => void = () => {};
  const result = new Promise<CaseRun>((resolve) => (resolveRun = resolve));

  const finish = (outcome: RunOutcome) => {
    if (finished) return;
    finished = true;
    clock.clearTimeout(timer);
    for (const abort of aborts.splice(0)) abort();
    worker?.terminate();
    const run: CaseRun = {
      outcome,
      events,
      outputs,
      consoleTruncated,
      modelCalls,
      durationMs: clock.now() - started,
    };
    if (rejection) run.rejection = rejection;
    const unmade = answerer ? undefined : session.unmadeCalls();
    if (unmade) run.unmadeCalls = unmade;
    resolveRun(run);
  };

  const post = (message: HostMessage) => worker?.post(message);

  const answerModel = (id: number, request: Record<string, unknown>) => {
    if (rejection && ++callsAfterRejection > RUN_LIMITS.callsAfterRejection) {
      finish({ kind: 'stopped-after-rejection' });
      return;
    }
    const at = clock.now() - started;
    modelCalls++;
    const event: RunEvent = { type: 'model-call', index: modelCalls, request, at, durationMs: 0 };
    if (answerer) return answerLive(id, request, event);
    const answer = session.answer(request);
    if (answer.ok) {
      event.response = answer.response;
      post({ type: 'model-reply', id, ok: true, response: answer.response });
    } else {
      event.rejection = answer.rejection;
      rejection ??= answer.rejection;
      const { status, body } = answer.rejection;
      post({ type: 'model-reply', id, ok: false, status, body });
    }
    event.durationMs = clock.now() - started - at;
    events.push(event);
  };

  /** Live: the answerer replies in its own time; the call is recorded when it does. */
  const answerLive = (id: number, request: Record<string, unknown>, event: RunEvent) => {
    const signal = abortSignal();
    events.push(event);
    const reply = (result: ModelResult) => {
      if (finished || event.type !== 'model-call') return;
      event.durationMs = clock.now() - started - event.at;
      if (result.ok) {
        event.response = result.response;
        post({ type: 'model-reply', id, ok: true, response: result.response });
      } else {
        post({ type: 'model-reply', id, ok: false, status: result.status, body: result.body });
      }
    };
    (answerer as ModelAnswerer)(request, { signal }).then(reply, (error: unknown) =>
      reply({
        ok: false,
        status: 0,
        body: {
          type: 'error',
          error: { type: 'connection_error', message: describeThrown(error) },
        },
      }),
    );
  };

  const abortSignal = (): AbortSignalLike => {
    const listeners: (() => void)[] = [];
    const signal = {
      aborted: false,
      addEventListener: (_type: 'abort', listener: () => void) => void listeners.push(listener),
    };
    aborts.push(() => {
      signal.aborted = true;
      for (const listener of listeners) listener();
    });
    return signal;
  };

  const onMessage = (message: WorkerMessage) => {
    const at = clock.now() - started;
    switch (message.type) {
      case 'model-request':
        return answerModel(message.id, message.request);
      case 'tool': {
        const { type: _type, ...tool } = message;
        events.push({ type: 'tool', ...tool, at });
        return;
      }
      case 'console':
        if (++consoleLines > RUN_LIMITS.consoleLines) consoleTruncated = true;
        else {
          // Cut here too: the worker's own cut is learner-side, so it holds for honest code only.
          const text = cutConsoleLine(message.text);
          events.push({ type: 'console', level: message.level, text, at });
        }
        return;
      case 'console-truncated':
        consoleTruncated = true;
        return;
      case 'output':
        if (outputs.length < 10) outputs.push(message.json.slice(0, RUN_LIMITS.outputChars + 1));
        return;
      case 'done':
        return finish({ kind: 'completed' });
      case 'error':
        return finish({ kind: 'threw', error: message.error });
    }
  };

  const timer = clock.setTimeout(() => finish({ kind: 'timeout', afterMs: timeoutMs }), timeoutMs);
  try {
    worker = spawn(withPrelude(host.prelude, script), {
      message: (data) => {
        if (finished) return;
        if (++received > RUN_LIMITS.workerMessages) {
          const message = `The code sent more than ${RUN_LIMITS.workerMessages} messages to the page, so the run was stopped.`;
          finish({ kind: 'threw', error: { name: 'Flood', message } });
          return;
        }
        const message = parseWorkerMessage(data);
        if (message) onMessage(message);
      },
      error: (error) => finish({ kind: 'threw', error }),
    });
    post({ type: 'start', input: testCase.input });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    finish({ kind: 'threw', error: { name: 'WorkerError', message } });
  }
  return { result, cancel: () => finish({ kind: 'cancelled' }) };
}

function describeThrown(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
