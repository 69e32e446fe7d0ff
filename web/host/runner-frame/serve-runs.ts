import type {
  CaseGrading,
  CaseReport,
  Clock,
  ModelSource,
  SpawnWorker,
  UserAnswerer,
} from '../../../core/index.ts';
import {
  createRpc,
  createStackMapper,
  gradeBundle,
  runScript,
  type Rpc,
  type RpcMessage,
} from '../../../core/runner.ts';
import type { FrameMethods, PageMethods } from './protocol.ts';

export interface FrameServerOptions {
  spawn: SpawnWorker;
  /** Asks for this many workers to be kept ready (the pool's `reserve`). */
  reserve?(count: number): void;
  clock: Clock;
  /** The line core puts ahead of each case's script (a comment: the worker's boot set up the port). */
  prelude: string;
  /** The machine's cores: at most this many cases run at once (`RunHost.cores`). */
  cores?: number;
  /** Sends an RPC message to the page (over the port it gave us). */
  post(message: RpcMessage): void;
}

/**
 * The runner frame's side of the RPC with the page, as an ordinary object (frame.ts hands it
 * what arrives on the page's port; tests pair it with a page of their own and fake workers):
 * each `run` is graded with the core's `gradeBundle`, every case in a fresh worker answered
 * from its cassette, and the cases' reports go to the page as they are graded, those that
 * finish close together in one message (`batchCases`). A `live` run (the learner's own
 * question) runs the script once, ungraded, each model call and each question the harness asks
 * the user (`h.ask`) a call to the page, and sends the run back.
 */
export function createFrameServer({
  spawn,
  reserve,
  clock,
  prelude,
  cores,
  post,
}: FrameServerOptions): Rpc<PageMethods> {
  /** Runs under way (graded or live), each with its way to stop. */
  const runs = new Map<number, { cancel(): void }>();

  /**
   * Live mode's model and user: each call goes to the page. A run that ends first aborts the
   * calls it still has out (runScript), and the RPC passes the abort on to the page.
   */
  const relayTo = (id: number): ModelSource => ({
    answer: (request, { signal } = {}) => page.call('model', { id, request }, { signal }),
  });
  const askPage =
    (id: number): UserAnswerer =>
    (question, { signal } = {}) =>
      page.call('ask', { id, question }, { signal });

  /** The frame could not start run `id`'s workers: the page hears why. */
  const unavailable = (id: number, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    page.notify('failed', { id, error: { name: 'SandboxUnavailable', message } });
  };

  const methods: FrameMethods = {
    run({ id, script, sourceMap, cases, timeoutMs }) {
      if (runs.has(id)) return;
      // The next run of this lesson finds a waiting worker for every case.
      reserve?.(cases.length);
      let grading: CaseGrading;
      const onCase = batchCases(cases.length, clock, (reports) =>
        page.notify('cases', { id, reports }),
      );
      try {
        grading = gradeBundle(
          { spawn, clock, prelude, cores },
          cases,
          { script, sourceMap },
          { timeoutMs, onCase },
        );
      } catch (error) {
        return unavailable(id, error);
      }
      runs.set(id, grading);
      void grading.result.finally(() => runs.delete(id));
    },
    live({ id, script, sourceMap, input, timeoutMs }) {
      if (runs.has(id)) return;
      let handle: ReturnType<typeof runScript>;
      try {
        const host = { spawn, clock, prelude };
        handle = runScript(host, script, input, timeoutMs, relayTo(id), undefined, askPage(id));
      } catch (error) {
        return unavailable(id, error);
      }
      runs.set(id, handle);
      void handle.result.then((run) => {
        runs.delete(id);
        const stack = run.outcome.kind === 'threw' ? run.outcome.error.stack : undefined;
        const frames = createStackMapper(sourceMap).frames(stack);
        page.notify('liveDone', { id, run, frames });
      });
    },
    cancel({ id }) {
      runs.get(id)?.cancel();
    },
  };
  const page = createRpc<PageMethods, FrameMethods>(methods, post);
  return page;
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
