import { createCassetteSession } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun, RunEvent, RunOutcome } from './events.ts';
import type { Clock, SpawnWorker, WorkerHandle } from './host.ts';
import { cutConsoleLine, RUN_LIMITS } from './limits.ts';
import type { AbortSignalLike, ModelAnswer, ModelAnswerer } from './model-answerer.ts';
import { parseWorkerMessage, type HostMessage, type WorkerMessage } from './protocol.ts';

export interface CaseRunHandle {
  result: Promise<CaseRun>;
  /** Terminates the worker at once; the result settles as cancelled. */
  cancel(): void;
}

/**
 * Runs one case: a fresh worker for the bundled script, the cassette answering its model
 * calls from this side of the boundary, and a timer that terminates it.
 *
 * With `answer` (live mode), that answerer replies instead of the cassette. The time limit then
 * counts the code's own time only: it is paused while a call is out to the model, whose
 * latency is not the code's, and every call still out is aborted when the run ends.
 */
export function runCase(
  spawn: SpawnWorker,
  clock: Clock,
  script: string,
  testCase: LessonCase,
  timeoutMs: number,
  answer?: ModelAnswerer,
): CaseRunHandle {
  const session = createCassetteSession(testCase.cassette);
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
  /** Live calls out to the model, each with its way to abort. */
  const inFlight = new Set<() => void>();
  /** The code's own time used before the timer was last paused, and when it last resumed. */
  let usedMs = 0;
  let resumedAt = started;
  let timer: unknown;
  let resolveRun: (run: CaseRun) => void = () => {};
  const result = new Promise<CaseRun>((resolve) => (resolveRun = resolve));

  const finish = (outcome: RunOutcome) => {
    if (finished) return;
    finished = true;
    clock.clearTimeout(timer);
    for (const abort of inFlight) abort();
    inFlight.clear();
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
    const unmade = session.unmadeCalls();
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
    const answer = session.answer(request);
    const event: RunEvent = { type: 'model-call', index: modelCalls, request, at, durationMs: 0 };
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

  const startTimer = () => {
    resumedAt = clock.now();
    const left = Math.max(0, timeoutMs - usedMs);
    timer = clock.setTimeout(() => finish({ kind: 'timeout', afterMs: timeoutMs }), left);
  };

  const answerLive = (answerer: ModelAnswerer, id: number, request: Record<string, unknown>) => {
    if (rejection && ++callsAfterRejection > RUN_LIMITS.callsAfterRejection) {
      finish({ kind: 'stopped-after-rejection' });
      return;
    }
    const at = clock.now() - started;
    modelCalls++;
    const event: Extract<RunEvent, { type: 'model-call' }> = {
      type: 'model-call',
      index: modelCalls,
      request,
      at,
      durationMs: 0,
    };
    events.push(event);
    if (inFlight.size === 0) {
      clock.clearTimeout(timer);
      usedMs += clock.now() - resumedAt;
    }
    const { signal, abort } = abortable();
    inFlight.add(abort);
    const settle = (reply: ModelAnswer) => {
      if (finished || !inFlight.delete(abort)) return;
      event.durationMs = clock.now() - started - at;
      if (inFlight.size === 0) startTimer();
      if ('stop' in reply) {
        // No call was made: the turn it would have been is not in the transcript.
        events.splice(events.indexOf(event), 1);
        modelCalls--;
        finish({ kind: 'limit', message: reply.stop });
        return;
      }
      if (reply.attempts?.length) event.retries = reply.attempts;
      if (reply.ok) {
        event.response = reply.response;
        post({ type: 'model-reply', id, ok: true, response: reply.response });
        return;
      }
      if (reply.rejection) {
        event.rejection = reply.rejection;
        rejection ??= reply.rejection;
      }
      if (reply.apiError) event.apiError = reply.apiError;
      post({ type: 'model-reply', id, ok: false, status: reply.status, body: reply.body });
    };
    answerer(request, { signal }).then(settle, (error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      const apiError = {
        status: 0,
        type: 'host_error',
        message,
        explanation: 'The page could not make the call.',
      };
      settle({
        ok: false,
        status: 0,
        body: { type: 'error', error: { type: apiError.type, message } },
        apiError,
      });
    });
  };

  const onMessage = (message: WorkerMessage) => {
    const at = clock.now() - started;
    switch (message.type) {
      case 'model-request':
        return answer
          ? answerLive(answer, message.id, message.request)
          : answerModel(message.id, message.request);
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

  startTimer();
  try {
    worker = spawn(script, {
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

/** An AbortController from the host's global (Node and browsers both have one). */
function abortable(): { signal: AbortSignalLike; abort: () => void } {
  const Controller = (
    globalThis as unknown as {
      AbortController: new () => { signal: AbortSignalLike; abort(): void };
    }
  ).AbortController;
  const controller = new Controller();
  return { signal: controller.signal, abort: () => controller.abort() };
}
