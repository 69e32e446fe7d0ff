import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import type { CassetteRejection } from '../cassette/session.ts';
import type { ApiAttempt, LiveApiError } from './model-answerer.ts';
import type { ConsoleLevel, SerializedError } from './protocol.ts';

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
      rejection?: CassetteRejection;
      /** Live mode: the API (or the network) refused the call. */
      apiError?: LiveApiError;
      /** Live mode: the attempts the SDK retried before its answer (429, 529...). */
      retries?: ApiAttempt[];
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
  | { type: 'console'; level: ConsoleLevel; text: string; at: number };

export type RunOutcome =
  | { kind: 'completed' }
  | { kind: 'threw'; error: SerializedError }
  | { kind: 'timeout'; afterMs: number }
  | { kind: 'cancelled' }
  | { kind: 'stopped-after-rejection' }
  /** Live mode: the host stopped the run at a wallet limit before the next call. */
  | { kind: 'limit'; message: string };

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
