import type {
  ApiRequest,
  ApprovalCall,
  CaseReport,
  CaseRun,
  LessonCase,
  ModelAnswer,
  RpcCall,
  SerializedError,
  StackFrame,
  UserAnswer,
} from '../../../core/index.ts';

/**
 * What the page and its runner frame (`runner.html`, a sandboxed iframe with an opaque origin:
 * frame.ts is its program) say to each other. The frame owns the workers that run learner code,
 * answers their model calls from the cassette and grades each case with the core's grader, so a
 * run costs the page one message out (the script, once) and one message back for the cases that
 * finish together (all of them, in a cassette run).
 *
 * Two channels. The window carries the handshake (`FrameHandshake`): anything can post to a
 * window, so each side checks who sent it and parses it by hand. The private port the handshake
 * hands over carries everything else, as the core's RPC (`createRpc`) with the two interfaces
 * below: only our own code holds that port (learner code runs in workers that cannot reach it),
 * so the RPC's envelope check is all the parsing it needs.
 */

/** What the runner frame offers the page: each sent without waiting for an answer. */
export interface FrameMethods {
  /**
   * Run and grade `cases` against `script` (the bundle, without a prelude: the core adds it),
   * each in a fresh worker of its own (one realm per case), every model call answered from the
   * case's cassette. The reports come back as `cases`.
   */
  run(run: {
    id: number;
    script: string;
    sourceMap: string;
    cases: LessonCase[];
    timeoutMs: number;
  }): void;
  /**
   * Live mode: run `script` once with `input` (the learner's own question), ungraded, every
   * model call asked of the page (`model`); the run comes back as `liveDone`.
   */
  live(run: {
    id: number;
    script: string;
    sourceMap: string;
    input: unknown;
    timeoutMs: number;
  }): void;
  /** Stop run `id`: its unfinished cases are reported cancelled. */
  cancel(run: { id: number }): void;
}

/** What the page offers the runner frame. */
export interface PageMethods {
  /**
   * Cases of run `id` are graded: every case that finished since the last such report (all of
   * a run's cases in one message when they finish close together, as cassette runs do).
   */
  cases(graded: { id: number; reports: CaseReport[] }): void;
  /** Live run `id` ended: its run as recorded, and where an escaped error was thrown. */
  liveDone(end: { id: number; run: CaseRun; frames: StackFrame[] }): void;
  /** The frame could not run `id` at all (it cannot start workers): why. */
  failed(failure: { id: number; error: SerializedError }): void;
  /**
   * Live run `id`: answer its model call. The page holds the learner's key and makes the HTTPS
   * call; the frame aborts the call when the run ends first (`rpc.signal`), and the page then
   * aborts the fetch.
   */
  model(call: { id: number; request: ApiRequest }, rpc: RpcCall): Promise<ModelAnswer>;
  /**
   * Live run `id`: the harness asks the person about a call (an approval); the prompt is
   * withdrawn when the frame aborts the question (the run ended first).
   */
  ask(question: { id: number; question: ApprovalCall }, rpc: RpcCall): Promise<UserAnswer>;
}

/**
 * The window's messages: the frame says it is `ready`, and the page answers with two messages,
 * each carrying one transferred port. `heartbeat`'s port goes to a worker of the frame's own that
 * echoes every number sent on it, so the page can tell the frame is alive; `connect`'s carries
 * the RPC (a port sends at once, where a window's postMessage to another process waits behind
 * pending rendering work).
 */
export type FrameHandshake = { type: 'ready' } | { type: 'heartbeat' } | { type: 'connect' };

/** Checks a window message: anything not shaped like a `FrameHandshake` is undefined. */
export function parseHandshake(data: unknown): FrameHandshake | undefined {
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : 0;
  return type === 'ready' || type === 'heartbeat' || type === 'connect' ? { type } : undefined;
}
