import type {
  CaseGrading,
  CaseReport,
  Clock,
  ModelAnswer,
  ModelSource,
  SpawnWorker,
  UserAnswer,
  UserAnswerer,
} from '../../../core/index.ts';
import { createStackMapper, gradeBundle, runScript } from '../../../core/runner.ts';
import type { FrameReport, FrameRequest } from './protocol.ts';

export interface FrameServerOptions {
  spawn: SpawnWorker;
  /** Asks for this many workers to be kept ready (the pool's `reserve`). */
  reserve?(count: number): void;
  clock: Clock;
  /** The line core puts ahead of each case's script (a comment: the worker's boot set up the port). */
  prelude: string;
  /** The machine's cores: at most this many cases run at once (`RunHost.cores`). */
  cores?: number;
  /** Sends a report to the page. */
  report(report: FrameReport): void;
}

/**
 * The runner frame's side of a run, as an ordinary function of its requests (frame.ts wires it
 * to the page's port; tests call it with fake workers): each `run` is graded with the core's
 * `gradeBundle`, every case in a fresh worker answered from its cassette, and the cases' reports
 * go to the page as they are graded, those that finish close together in one message
 * (`batchCases`). A `live` request (the learner's own question) runs the script once, ungraded,
 * relays every model call to the page, waits for its `model-reply`, and sends the run back;
 * each question the harness asks the user (`h.ask`) goes to the page too, for the person.
 */
export function createFrameServer({
  spawn,
  reserve,
  clock,
  prelude,
  cores,
  report,
}: FrameServerOptions) {
  /** Runs under way (graded or live), each with its way to stop. */
  const runs = new Map<number, { cancel(): void }>();
  /** Live calls waiting for the page, by run and call number. */
  const waiting = new Map<string, (result: ModelAnswer) => void>();
  let nextCall = 0;
  /** Live questions waiting for the person, by run and question number. */
  const asking = new Map<string, (answer: UserAnswer) => void>();

  /** Live mode's model: each call goes to the page, whose live session answers it. */
  const relayTo = (id: number): ModelSource => ({
    answer: (request, { signal } = {}) =>
      new Promise((resolve) => {
        const call = ++nextCall;
        const key = `${id}:${call}`;
        waiting.set(key, resolve);
        signal?.addEventListener('abort', () => waiting.delete(key));
        report({ type: 'model-request', id, call, request });
      }),
  });

  /** Live mode's user: each question goes to the page, where the person answers it. */
  const askPage =
    (id: number): UserAnswerer =>
    (question, { signal } = {}) =>
      new Promise((resolve) => {
        const call = ++nextCall;
        const key = `${id}:${call}`;
        asking.set(key, resolve);
        signal?.addEventListener('abort', () => asking.delete(key));
        report({ type: 'ask', id, call, question });
      });

  return (request: FrameRequest): void => {
    switch (request.type) {
      case 'run': {
        const { id, script, sourceMap, cases, timeoutMs } = request;
        if (runs.has(id)) return;
        // The next run of this lesson finds a waiting worker for every case.
        reserve?.(cases.length);
        let grading: CaseGrading;
        const onCase = batchCases(cases.length, clock, (reports) =>
          report({ type: 'cases', id, reports }),
        );
        try {
          grading = gradeBundle(
            { spawn, clock, prelude, cores },
            cases,
            { script, sourceMap },
            { timeoutMs, onCase },
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          report({ type: 'failed', id, error: { name: 'SandboxUnavailable', message } });
          return;
        }
        runs.set(id, grading);
        void grading.result.finally(() => runs.delete(id));
        return;
      }
      case 'live': {
        const { id, script, sourceMap, input, timeoutMs } = request;
        if (runs.has(id)) return;
        const model = relayTo(id);
        let handle: ReturnType<typeof runScript>;
        try {
          const user = askPage(id);
          handle = runScript(
            { spawn, clock, prelude },
            script,
            input,
            timeoutMs,
            model,
            undefined,
            user,
          );
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          report({ type: 'failed', id, error: { name: 'SandboxUnavailable', message } });
          return;
        }
        runs.set(id, handle);
        void handle.result.then((run) => {
          runs.delete(id);
          const stack = run.outcome.kind === 'threw' ? run.outcome.error.stack : undefined;
          const frames = createStackMapper(sourceMap).frames(stack);
          report({ type: 'live-done', id, run, frames });
        });
        return;
      }
      case 'cancel':
        runs.get(request.id)?.cancel();
        return;
      case 'model-reply': {
        const key = `${request.id}:${request.call}`;
        const resolve = waiting.get(key);
        waiting.delete(key);
        resolve?.(request.result);
        return;
      }
      case 'ask-reply': {
        const key = `${request.id}:${request.call}`;
        const resolve = asking.get(key);
        asking.delete(key);
        resolve?.(request.answer);
        return;
      }
      default:
        return;
    }
  };
}

/**
 * How long a finished case's report may wait for others to join it in one message to the page.
 * The page shows a run's progress at most every 100 ms (run-controller.ts), so a wait this
 * long is never seen; a run's last case sends at once.
 */
export const CASE_BATCH_MS = 20;

/**
 * Collects a run's case reports and sends them in batches: at once when the run's last case is
 * in, else `CASE_BATCH_MS` after the first report of a batch. A cassette run's cases finish
 * within a few milliseconds of each other, so the page gets one message per run, not one per
 * case (each a cross-process message: a task on the frame's main thread and on the page's).
 */
export function batchCases(
  total: number,
  clock: Clock,
  send: (reports: CaseReport[]) => void,
): (report: CaseReport) => void {
  let batch: CaseReport[] = [];
  let received = 0;
  let timer: unknown;
  const flush = () => {
    clock.clearTimeout(timer);
    timer = undefined;
    if (batch.length === 0) return;
    const reports = batch;
    batch = [];
    send(reports);
  };
  return (report) => {
    batch.push(report);
    if (++received >= total) flush();
    else timer ??= clock.setTimeout(flush, CASE_BATCH_MS);
  };
}
