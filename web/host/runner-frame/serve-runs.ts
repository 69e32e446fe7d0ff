import type {
  CaseGrading,
  Clock,
  ModelAnswerer,
  ModelResult,
  SpawnWorker,
} from '../../../core/index.ts';
import { gradeBundle } from '../../../core/grade/start-grading.ts';
import type { FrameReport, FrameRequest } from './protocol.ts';

export interface FrameServerOptions {
  spawn: SpawnWorker;
  /** Asks for this many workers to be kept ready (the pool's `reserve`). */
  reserve?(count: number): void;
  clock: Clock;
  /** The line core puts ahead of each case's script (PORT_PRELUDE in the browser). */
  prelude: string;
  /** Sends a report to the page. */
  report(report: FrameReport): void;
}

/**
 * The runner frame's side of a run, as an ordinary function of its requests (frame.ts wires it
 * to the page's port; tests call it with fake workers): each `run` is graded with the core's
 * `gradeBundle`, every case in a fresh worker, and each case's report goes to the page as it is
 * graded. Live runs relay every model call to the page and wait for its `model-reply`.
 */
export function createFrameServer({ spawn, reserve, clock, prelude, report }: FrameServerOptions) {
  const runs = new Map<number, CaseGrading>();
  /** Live calls waiting for the page, by run and call number. */
  const waiting = new Map<string, (result: ModelResult) => void>();
  let nextCall = 0;

  const relayTo =
    (id: number): ModelAnswerer =>
    (request, { signal }) =>
      new Promise((resolve) => {
        const call = ++nextCall;
        const key = `${id}:${call}`;
        waiting.set(key, resolve);
        signal.addEventListener('abort', () => waiting.delete(key));
        report({ type: 'model-request', id, call, request });
      });

  return (request: FrameRequest): void => {
    switch (request.type) {
      case 'run': {
        const { id, script, sourceMap, cases, timeoutMs, live } = request;
        if (runs.has(id)) return;
        // The next run of this lesson finds a waiting worker for every case.
        reserve?.(cases.length);
        let grading: CaseGrading;
        try {
          grading = gradeBundle(
            { spawn, clock, prelude },
            cases,
            { script, sourceMap },
            {
              timeoutMs,
              onCase: (caseReport) => report({ type: 'case', id, report: caseReport }),
              ...(live ? { answerer: relayTo(id) } : {}),
            },
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
      default:
        return;
    }
  };
}
