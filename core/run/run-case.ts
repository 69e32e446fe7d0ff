import type { TimedEvent } from '../api/stream-events.ts';
import { unawaitedCause } from '../cassette/diagnose-request.ts';
import { createCassetteSession, type LoopBounds } from '../cassette/session.ts';
import type { LessonCase } from '../lesson/types.ts';
import type { CaseRun, RunEvent, RunOutcome } from './events.ts';
import { withPrelude, type RunHost, type WorkerHandle } from './host.ts';
import { cutConsoleLine, RUN_LIMITS } from '../wire/limits.ts';
import type { ModelAnswer, ModelSource } from './model-source.ts';
import { scriptedUser, type UserAnswer, type UserAnswerer } from './user-source.ts';
import { parseApprovalCall, type Decision } from '../wire/approval.ts';
import {
  parseConsoleLines,
  parseModelCall,
  parseToolReport,
  type HostMethods,
  type ModelReply,
  type Untrusted,
  type WorkerMethods,
} from '../wire/worker-protocol.ts';
import { parseError, serializeError } from '../wire/errors.ts';
import { createRpc, type RpcCall } from '../wire/rpc.ts';

export interface CaseRunHandle {
  result: Promise<CaseRun>;
  /** Terminates the worker at once; the result settles as cancelled. */
  cancel(): void;
}

/**
 * Runs one case: a fresh worker for the bundled script (`host.spawn`), the cassette answering
 * its model calls from this side of the boundary, and a timer that terminates it.
 */
export function runCase(
  host: RunHost,
  script: string,
  testCase: LessonCase,
  timeoutMs: number,
): CaseRunHandle {
  const model = createCassetteSession(testCase.cassette, loopBounds(testCase.input));
  return runScript(host, script, testCase.input, timeoutMs, model);
}

/**
 * Runs the bundled script once with `input`: a fresh worker (the host's one-line prelude ahead
 * of the script), `model` answering its model calls from this side of the boundary, and a
 * timer that terminates it. `onEvent` hears each event as it is recorded (a live run prints
 * them as they come).
 *
 * The time limit counts the code's own time: while a call is out to a model that answers
 * later (live mode's network), the timer is paused, since the model's latency is not the
 * code's. A cassette answers at once, so a graded case's limit is its whole run.
 */
export function runScript(
  host: RunHost,
  script: string,
  input: unknown,
  timeoutMs: number,
  model: ModelSource,
  onEvent: (event: RunEvent) => void = () => {},
  /** Who answers the harness's questions to the user: by default the case's scripted user. */
  user: UserAnswerer = scriptedUser(input),
): CaseRunHandle {
  const { spawn, clock } = host;
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
  /** Calls out to a model that answers later; the timer runs only while there are none. */
  let awaiting = 0;
  /** The code's time used before the timer was last paused, and when it last resumed. */
  let usedMs = 0;
  let resumedAt = started;
  let timer: unknown;
  let resolveRun: (run: CaseRun) => void = () => {};
  const result = new Promise<CaseRun>((resolve) => (resolveRun = resolve));

  const finish = (outcome: RunOutcome): undefined => {
    if (finished) return;
    finished = true;
    clock.clearTimeout(timer);
    worker?.terminate();
    // Model calls and questions to the user still waiting are withdrawn (their signals abort).
    rpc.close({ name: 'RunEnded', message: 'the run ended' });
    const run: CaseRun = {
      outcome,
      events,
      outputs,
      consoleTruncated,
      modelCalls,
      durationMs: clock.now() - started,
    };
    if (rejection) run.rejection = rejection;
    const unmade = model.unmadeCalls?.();
    if (unmade) run.unmadeCalls = unmade;
    resolveRun(run);
  };

  const record = (event: RunEvent) => {
    events.push(event);
    onEvent(event);
  };

  /** Answers model call `arg` with `model`'s answer, and records the call as the host saw it. */
  const answerModel = (arg: unknown, { signal }: RpcCall) => {
    const call = parseModelCall(arg);
    if (!call) throw new TypeError('a model call takes { request: object }');
    const { request, unawaited } = call;
    if (rejection && ++callsAfterRejection > RUN_LIMITS.callsAfterRejection) {
      return finish({ kind: 'stopped-after-rejection' });
    }
    const at = clock.now() - started;
    const settle = (answer: ModelAnswer): ModelReply | undefined => {
      if (finished) return;
      if ('stop' in answer) return finish({ kind: 'cancelled' });
      modelCalls++;
      const event: RunEvent = { type: 'model-call', index: modelCalls, request, at, durationMs: 0 };
      if ('retries' in answer && answer.retries?.length) event.retries = answer.retries;
      let reply: ModelReply;
      if (answer.ok) {
        const { stream } = answer;
        if (stream) event.stream = stream;
        // A stream cut off by an error event: the run records the API's error, not a reply.
        const cut = stream?.at(-1)?.event;
        if (cut?.type === 'error')
          event.error = { status: 200, body: { type: 'error', error: cut.error } };
        else event.response = answer.response;
        reply = {
          ok: true,
          response: answer.response,
          ...(stream ? { stream: paced(stream, answer.pace) } : {}),
        };
      } else if ('rejection' in answer) {
        // The code receives the API's answer to the JSON; the learner reads what caused it.
        const refused = unawaited
          ? { ...answer.rejection, cause: unawaitedCause(unawaited) }
          : answer.rejection;
        event.rejection = refused;
        rejection ??= refused;
        reply = { ok: false, status: refused.status, body: refused.body };
      } else {
        event.error = { status: answer.status, body: answer.body };
        reply = { ok: false, status: answer.status, body: answer.body };
      }
      event.durationMs = clock.now() - started - at;
      record(event);
      return reply;
    };
    const answer = model.answer(request, { signal });
    if (!('then' in answer)) return settle(answer);
    pause();
    return answer.then(
      (value) => (resume(), settle(value)),
      (error: unknown) => (resume(), finish({ kind: 'threw', error: serializeError(error) })),
    );
  };

  /** The user's answer to question `arg`, recorded as the host saw it and sent to the code. */
  const answerAsk = (arg: unknown, { signal }: RpcCall) => {
    const call = parseApprovalCall(arg);
    if (!call) throw new TypeError('h.ask takes a call: { name: string, input: object }.');
    const at = clock.now() - started;
    const settle = (answer: UserAnswer): Decision | undefined => {
      if (finished) return;
      const event: RunEvent = { type: 'ask', call, at, durationMs: clock.now() - started - at };
      if (answer.ok) event.decision = answer.decision;
      else event.error = answer.message;
      record(event);
      // The code's `h.ask` rejects with the message.
      if (!answer.ok) throw new Error(answer.message);
      return answer.decision;
    };
    const answer = user(call, { signal });
    if (!('then' in answer)) return settle(answer);
    // A person takes their time: like a call out to the model, it is not the code's.
    pause();
    const done = (value: UserAnswer) => (resume(), settle(value));
    return answer.then(done, (error: unknown) =>
      done({ ok: false, message: error instanceof Error ? error.message : String(error) }),
    );
  };

  /** What the worker may call: each argument parsed by hand, as learner code can shape it. */
  const served: Untrusted<HostMethods> = {
    model: answerModel,
    ask: answerAsk,
    tool: (arg) => {
      const tool = parseToolReport(arg);
      if (tool) record({ type: 'tool', ...tool, at: clock.now() - started });
    },
    console: (arg) => {
      const at = clock.now() - started;
      for (const { level, text } of parseConsoleLines(arg) ?? []) {
        if (++consoleLines > RUN_LIMITS.consoleLines) consoleTruncated = true;
        // Cut here too: the worker's own cut is learner-side, so it holds for honest code only.
        else record({ type: 'console', level, text: cutConsoleLine(text), at });
      }
    },
    consoleTruncated: () => void (consoleTruncated = true),
    output: (arg) => {
      if (typeof arg === 'string' && outputs.length < 10)
        outputs.push(arg.slice(0, RUN_LIMITS.outputChars + 1));
    },
    done: () => finish({ kind: 'completed' }),
    error: (arg) => {
      const error = parseError(arg);
      if (error) finish({ kind: 'threw', error });
    },
  };
  const rpc = createRpc<WorkerMethods, Untrusted<HostMethods>>(served, (message) =>
    worker?.post(message),
  );

  const startTimer = () => {
    resumedAt = clock.now();
    const left = Math.max(0, timeoutMs - usedMs);
    timer = clock.setTimeout(() => finish({ kind: 'timeout', afterMs: timeoutMs }), left);
  };
  function pause(): void {
    if (awaiting++ > 0) return;
    clock.clearTimeout(timer);
    usedMs += clock.now() - resumedAt;
  }
  function resume(): void {
    if (--awaiting === 0 && !finished) startTimer();
  }

  startTimer();
  try {
    worker = spawn(withPrelude(host.prelude, script), {
      message: (data) => {
        if (finished) return;
        if (++received > RUN_LIMITS.workerMessages) {
          const message = `The code sent more than ${RUN_LIMITS.workerMessages} messages to the page, so the run was stopped.`;
          finish({ kind: 'threw', error: { name: 'Flood', message } });
          return;
        }
        rpc.receive(data);
      },
      error: (error) => finish({ kind: 'threw', error }),
    });
    rpc.notify('start', input);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    finish({ kind: 'threw', error: { name: 'WorkerError', message } });
  }
  return { result, cancel: () => finish({ kind: 'cancelled' }) };
}

/** A case's `cap` and `budget` inputs, which the loop is given and the cassette explains by. */
function loopBounds(input: unknown): LoopBounds {
  const bounds: LoopBounds = {};
  if (typeof input !== 'object' || input === null) return bounds;
  const { cap, budget } = input as Record<string, unknown>;
  if (typeof cap === 'number') bounds.cap = cap;
  if (typeof budget === 'number') bounds.budget = budget;
  return bounds;
}

/** The events as the code waits for them: each recorded gap times `pace` (1 keeps them). */
function paced(stream: TimedEvent[], pace = 1): TimedEvent[] {
  return pace === 1 ? stream : stream.map((timed) => ({ ...timed, ms: timed.ms * pace }));
}
