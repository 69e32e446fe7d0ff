import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import type { CassetteRejection } from '../cassette/session.ts';
import type { ApiRetry } from './model-source.ts';
import type { ApprovalCall, Decision } from '../wire/approval.ts';
import type { SerializedError } from '../wire/errors.ts';
import type { ConsoleLevel } from '../wire/worker-protocol.ts';

/**
 * What a run records, independently of what the learner's code reports about itself:
 * model calls are recorded by the host that answers them from the cassette.
 */
export type RunEvent =
  | {
      type: 'model-call';
      /** 1-based. */
      index: number;
      request: ApiRequest;
      response?: ApiResponse;
      /** A streamed reply's events as they were sent, which assemble to `response`. */
      stream?: TimedEvent[];
      rejection?: CassetteRejection;
      /**
       * The API's own error (live mode): status 0 when no response came at all; 200 for an
       * `error` event that cut a stream off (then `stream` holds the events up to it).
       */
      error?: { status: number; body: ApiErrorBody };
      /** Live mode: attempts the API client retried before this answer (429, 529...). */
      retries?: ApiRetry[];
      at: number;
      durationMs: number;
    }
  | {
      type: 'tool';
      name: string;
      input: unknown;
      output?: string;
      error?: SerializedError;
      at: number;
      durationMs: number;
    }
  /**
   * The harness asked the user about a call: their decision, or why none came (the scripted
   * user had no answer left). Recorded by the host that answered, as model calls are.
   */
  | {
      type: 'ask';
      call: ApprovalCall;
      decision?: Decision;
      error?: string;
      at: number;
      durationMs: number;
    }
  | { type: 'console'; level: ConsoleLevel; text: string; at: number };

export type RunOutcome =
  | { kind: 'completed' }
  | { kind: 'threw'; error: SerializedError }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'cancelled' }
  | { kind: 'stopped-after-rejection' };

/** Everything the grader needs about one case's run. */
export interface CaseRun {
  outcome: RunOutcome;
  events: RunEvent[];
  /** The harness's printed results, as JSON text (one is expected). */
  outputs: string[];
  consoleTruncated: boolean;
  /** The first request the cassette refused, if any. */
  rejection?: CassetteRejection;
  /** Describes recorded calls never made, if any. */
  unmadeCalls?: string;
  modelCalls: number;
  durationMs: number;
}
