import { parseDecision } from '../../../core/runner.ts';
import type {
  ApiRequest,
  ApprovalCall,
  CaseReport,
  CaseRun,
  LessonCase,
  ModelAnswer,
  SerializedError,
  StackFrame,
  UserAnswer,
} from '../../../core/index.ts';

/**
 * Every message between the page and its runner frame (`runner.html`, a sandboxed iframe with
 * an opaque origin: frame.ts is its program). The frame owns the workers that run learner code,
 * answers their model calls from the cassette and grades each case with the core's grader, so a
 * run costs the page one message out (the script, once) and one message back for the cases that
 * finish together (all of them, in a cassette run).
 *
 * Reports are untrusted in principle (a frame is another process): the page checks where each
 * came from and parses it with `parseFrameReport`; the frame parses requests with
 * `parseFrameRequest`, since anything can post to a window.
 */

/** Page → runner frame. */
export type FrameRequest =
  /**
   * Run and grade `cases` against `script` (the bundle, without a prelude: the core adds it),
   * each in a fresh worker of its own (one realm per case), every model call answered from the
   * case's cassette.
   */
  | {
      type: 'run';
      id: number;
      script: string;
      sourceMap: string;
      cases: LessonCase[];
      timeoutMs: number;
    }
  /**
   * Live mode: run `script` once with `input` (the learner's own question), ungraded, every
   * model call relayed to the page (`model-request`); the run comes back as `live-done`.
   */
  | {
      type: 'live';
      id: number;
      script: string;
      sourceMap: string;
      input: unknown;
      timeoutMs: number;
    }
  /** Stop run `id`: its unfinished cases are reported cancelled. */
  | { type: 'cancel'; id: number }
  /** Live mode: the page's answer to model call `call` of run `id`. */
  | { type: 'model-reply'; id: number; call: number; result: ModelAnswer }
  /** Live mode: the person's answer to question `call` of run `id` (an approval). */
  | { type: 'ask-reply'; id: number; call: number; answer: UserAnswer }
  /**
   * Carries (as its one transferred port) the heartbeat channel: the frame hands it to a worker
   * of its own that echoes every number sent on it, so the page can tell the frame is alive.
   */
  | { type: 'heartbeat' }
  /**
   * Carries (as its one transferred port) the channel for everything after it. A port sends at
   * once, where a window's postMessage to another process waits behind pending rendering work.
   */
  | { type: 'connect' };

/** Runner frame → page. */
export type FrameReport =
  /** The frame has loaded and listens (the one report sent to the window, not the port). */
  | { type: 'ready' }
  /**
   * Cases of run `id` are graded: every case that finished since the last such report (all of
   * a run's cases in one message when they finish close together, as cassette runs do).
   */
  | { type: 'cases'; id: number; reports: CaseReport[] }
  /** Live run `id`: its model call `call` wants an answer (`model-reply`). */
  | { type: 'model-request'; id: number; call: number; request: ApiRequest }
  /** Live run `id`: the harness asks the person about a call (`ask-reply`). */
  | { type: 'ask'; id: number; call: number; question: ApprovalCall }
  /** Live run `id` ended: its run as recorded, and where an escaped error was thrown. */
  | { type: 'live-done'; id: number; run: CaseRun; frames: StackFrame[] }
  /** The frame could not run `id` at all (it cannot start workers): why. */
  | { type: 'failed'; id: number; error: SerializedError };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Checks a report from the frame: anything not shaped like a `FrameReport` is undefined. */
export function parseFrameReport(data: unknown): FrameReport | undefined {
  if (!isRecord(data)) return;
  switch (data.type) {
    case 'ready':
      return { type: 'ready' };
    case 'cases':
      return isId(data.id) &&
        Array.isArray(data.reports) &&
        data.reports.every((r) => isRecord(r) && typeof r.name === 'string')
        ? { type: 'cases', id: data.id, reports: data.reports as CaseReport[] }
        : undefined;
    case 'model-request':
      return isId(data.id) && isId(data.call) && isRecord(data.request)
        ? { type: 'model-request', id: data.id, call: data.call, request: data.request }
        : undefined;
    case 'ask': {
      const { id, call, question } = data;
      if (!isId(id) || !isId(call) || !isRecord(question) || !isRecord(question.input)) return;
      if (typeof question.name !== 'string') return;
      return { type: 'ask', id, call, question: { name: question.name, input: question.input } };
    }
    case 'live-done':
      return isId(data.id) &&
        isRecord(data.run) &&
        isRecord(data.run.outcome) &&
        Array.isArray(data.run.events) &&
        Array.isArray(data.run.outputs) &&
        Array.isArray(data.frames)
        ? {
            type: 'live-done',
            id: data.id,
            run: data.run as unknown as CaseRun,
            frames: data.frames as StackFrame[],
          }
        : undefined;
    case 'failed':
      return isId(data.id) && isRecord(data.error) && typeof data.error.message === 'string'
        ? {
            type: 'failed',
            id: data.id,
            error: { name: String(data.error.name), message: data.error.message },
          }
        : undefined;
    default:
      return;
  }
}

/** Checks a request from the page (the frame listens on a port only the page holds). */
export function parseFrameRequest(data: unknown): FrameRequest | undefined {
  if (!isRecord(data)) return;
  switch (data.type) {
    case 'run': {
      const { id, script, sourceMap, cases, timeoutMs } = data;
      if (!isId(id) || typeof script !== 'string' || typeof sourceMap !== 'string') return;
      if (!Array.isArray(cases) || typeof timeoutMs !== 'number' || !(timeoutMs > 0)) return;
      return {
        type: 'run',
        id,
        script,
        sourceMap,
        cases: cases as LessonCase[],
        timeoutMs,
      };
    }
    case 'live': {
      const { id, script, sourceMap, input, timeoutMs } = data;
      if (!isId(id) || typeof script !== 'string' || typeof sourceMap !== 'string') return;
      if (typeof timeoutMs !== 'number' || !(timeoutMs > 0)) return;
      return { type: 'live', id, script, sourceMap, input, timeoutMs };
    }
    case 'cancel':
      return isId(data.id) ? { type: 'cancel', id: data.id } : undefined;
    case 'model-reply':
      return isId(data.id) && isId(data.call) && isRecord(data.result)
        ? { type: 'model-reply', id: data.id, call: data.call, result: data.result as ModelAnswer }
        : undefined;
    case 'ask-reply': {
      const { id, call, answer } = data;
      if (!isId(id) || !isId(call) || !isRecord(answer)) return;
      const decision = answer.ok === true ? parseDecision(answer.decision) : undefined;
      if (decision) return { type: 'ask-reply', id, call, answer: { ok: true, decision } };
      const message = typeof answer.message === 'string' ? answer.message : 'No answer came.';
      return { type: 'ask-reply', id, call, answer: { ok: false, message } };
    }
    case 'heartbeat':
    case 'connect':
      return { type: data.type };
    default:
      return;
  }
}
