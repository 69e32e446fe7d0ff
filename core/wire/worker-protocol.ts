import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { TimedEvent } from '../api/stream-events.ts';
import { parseApprovalCall, type ApprovalCall, type Decision } from './approval.ts';
import { parseError, type SerializedError } from './errors.ts';
import { RUN_LIMITS } from './limits.ts';

/**
 * Every message that crosses the boundary between a host (browser page, CLI) and the
 * worker that runs learner code. They go over a port only the host and the worker runtime
 * hold (learner code cannot post on it), but the runtime shares its realm with learner code,
 * which can make it say odd things (a tool's input, a thrown value), so hosts still check
 * each message with `parseWorkerMessage`.
 */

export type ConsoleLevel = 'log' | 'info' | 'warn' | 'error' | 'debug';

/** One console line as the worker logged it. */
export interface ConsoleLine {
  level: ConsoleLevel;
  text: string;
}

export type HostMessage =
  | { type: 'start'; input: unknown }
  /** `stream`: the request asked for a stream, and these are its events (the worker replays them). */
  | { type: 'model-reply'; id: number; ok: true; response: ApiResponse; stream?: TimedEvent[] }
  | { type: 'model-reply'; id: number; ok: false; status: number; body: ApiErrorBody }
  /** The user's answer to question `id` (`ask`), or why there is none (`message`). */
  | { type: 'ask-reply'; id: number; ok: true; decision: Decision }
  | { type: 'ask-reply'; id: number; ok: false; message: string };

export type WorkerMessage =
  | {
      type: 'model-request';
      id: number;
      request: ApiRequest;
      /** Paths in the request where the code put a Promise (seen before it became JSON). */
      unawaited?: string[];
    }
  /** The harness asks the user about a call (`h.ask`): answered by `ask-reply` with its id. */
  | { type: 'ask'; id: number; call: ApprovalCall }
  | {
      type: 'tool';
      name: string;
      input: unknown;
      output?: string;
      error?: SerializedError;
      durationMs: number;
    }
  /** Console lines logged together (before the code next waited), in order. */
  | { type: 'console'; lines: ConsoleLine[] }
  | { type: 'console-truncated' }
  | { type: 'output'; json: string }
  | { type: 'done' }
  | { type: 'error'; error: SerializedError };

const consoleLevels = new Set<string>(['log', 'info', 'warn', 'error', 'debug']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a message from the worker; anything that is not a well-formed `WorkerMessage` is `undefined`. */
export function parseWorkerMessage(data: unknown): WorkerMessage | undefined {
  if (!isRecord(data)) return;
  switch (data.type) {
    case 'model-request': {
      if (typeof data.id !== 'number' || !isRecord(data.request)) return;
      const message: WorkerMessage = { type: 'model-request', id: data.id, request: data.request };
      const paths = Array.isArray(data.unawaited) ? data.unawaited.slice(0, 10) : [];
      const unawaited = paths
        .filter((p): p is string => typeof p === 'string')
        .map((p) => p.slice(0, 300));
      return unawaited.length > 0 ? { ...message, unawaited } : message;
    }
    case 'ask': {
      const call = parseApprovalCall(data.call);
      return typeof data.id === 'number' && call ? { type: 'ask', id: data.id, call } : undefined;
    }
    case 'tool': {
      if (typeof data.name !== 'string' || typeof data.durationMs !== 'number') return;
      const error = data.error === undefined ? undefined : parseError(data.error);
      if (data.error !== undefined && !error) return;
      if (data.output !== undefined && typeof data.output !== 'string') return;
      return {
        type: 'tool',
        name: data.name,
        input: data.input,
        durationMs: data.durationMs,
        ...(typeof data.output === 'string' ? { output: data.output } : {}),
        ...(error ? { error } : {}),
      };
    }
    case 'console': {
      if (!Array.isArray(data.lines)) return;
      const lines: ConsoleLine[] = [];
      for (const line of data.lines.slice(0, RUN_LIMITS.consoleLines + 1) as unknown[]) {
        if (!isRecord(line) || typeof line.text !== 'string') return;
        if (typeof line.level !== 'string' || !consoleLevels.has(line.level)) return;
        lines.push({ level: line.level as ConsoleLevel, text: line.text });
      }
      return { type: 'console', lines };
    }
    case 'console-truncated':
      return { type: 'console-truncated' };
    case 'output':
      return typeof data.json === 'string' ? { type: 'output', json: data.json } : undefined;
    case 'done':
      return { type: 'done' };
    case 'error': {
      const error = parseError(data.error);
      return error ? { type: 'error', error } : undefined;
    }
    default:
      return;
  }
}
