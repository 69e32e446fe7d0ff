import {
  parseError,
  RELAY_LIMITS,
  relayStoppedError,
  type RelayStop,
  type SerializedError,
} from '../../core/wire/index.ts';

/**
 * Every message between the grading process (the CLI) and its sandbox process, the child that
 * runs learner code: one JSON value per line, on the child's stdin (requests) and stdout
 * (reports). Requests carry the id of a spawn; reports about a worker echo it.
 *
 * Reports are untrusted: the child runs learner code, so the CLI reads its output in bounded
 * lines and parses each with `parseSandboxReport` (and what a worker sent, the worker runtime's
 * RPC calls, argument by argument with the parsers of core/wire/worker-protocol.ts).
 */

/** CLI → sandbox process. */
export type SandboxRequest =
  /** Keep `count` fresh workers started and waiting for a script. */
  | { type: 'prepare'; count: number }
  /** Run `script` (the prelude line already at its head) in a fresh worker of its own. */
  | { type: 'spawn'; id: number; script: string }
  /** Forward `message` to the worker. */
  | { type: 'post'; id: number; message: unknown }
  | { type: 'terminate'; id: number };

/**
 * Why the sandbox stopped a worker on its own: the bounds of `RELAY_LIMITS` (`flood`,
 * `too-large`), or of `SANDBOX_MEMORY` (`memory`).
 */
export type StopReason = RelayStop | 'memory';

/**
 * The sandbox process's memory. A worker's `resourceLimits` bound its JavaScript heap, not its
 * ArrayBuffers, which one case could grow to gigabytes: so the process watches its resident
 * memory, and past `bytes` stops the case that holds the most (cli/sandbox/child/memory-watch.ts).
 */
export const SANDBOX_MEMORY = {
  /**
   * Every lesson's reference, graded case by case, keeps the process under 140 MB (measured on
   * the 2-core machine); a gigabyte leaves code that builds big values room, and the machine too.
   */
  bytes: 1024 * 1024 * 1024,
  /**
   * How often it is checked. Allocating and filling ArrayBuffers adds ~3 GB a second at most
   * here, so a case passes the bound by a few hundred MB before it is stopped.
   */
  checkMs: 100,
  /** How long a worker has to say how much it holds; one that cannot (a busy loop) is stopped. */
  answerMs: 50,
  /** The old space of the process's own thread, which only relays what workers send. */
  oldSpaceMb: 512,
} as const;

/** Sandbox process → CLI. */
export type SandboxReport =
  /** The worker posted `data`. */
  | { type: 'message'; id: number; data: unknown }
  /** An error escaped the worker's script. */
  | { type: 'worker-error'; id: number; error: SerializedError }
  /** The worker's thread ended before anyone terminated it. */
  | { type: 'exit'; id: number; code: number }
  /** The sandbox terminated the worker itself. */
  | { type: 'stopped'; id: number; reason: StopReason };

/**
 * The longest line the CLI reads from the sandbox. A message within `messageSize` (counted in
 * characters of its values) may grow when written as JSON, at most six times (`\u0000`).
 */
export const MAX_REPORT_LINE = 6 * RELAY_LIMITS.messageSize + 4_096;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Checks a request from the CLI (in the sandbox): anything else is `undefined`. */
export function parseSandboxRequest(data: unknown): SandboxRequest | undefined {
  if (!isRecord(data)) return;
  switch (data.type) {
    case 'prepare':
      return typeof data.count === 'number' && Number.isSafeInteger(data.count) && data.count >= 0
        ? { type: 'prepare', count: data.count }
        : undefined;
    case 'spawn':
      return isId(data.id) && typeof data.script === 'string'
        ? { type: 'spawn', id: data.id, script: data.script }
        : undefined;
    case 'post':
      return isId(data.id) ? { type: 'post', id: data.id, message: data.message } : undefined;
    case 'terminate':
      return isId(data.id) ? { type: 'terminate', id: data.id } : undefined;
    default:
      return;
  }
}

/** Checks a report from the sandbox (in the CLI): anything not shaped like one is `undefined`. */
export function parseSandboxReport(data: unknown): SandboxReport | undefined {
  if (!isRecord(data) || !isId(data.id)) return;
  const id = data.id;
  switch (data.type) {
    case 'message':
      return { type: 'message', id, data: data.data };
    case 'worker-error': {
      const error = parseError(data.error);
      return error ? { type: 'worker-error', id, error } : undefined;
    }
    case 'exit':
      return typeof data.code === 'number' && Number.isSafeInteger(data.code)
        ? { type: 'exit', id, code: data.code }
        : undefined;
    case 'stopped':
      return data.reason === 'flood' || data.reason === 'too-large' || data.reason === 'memory'
        ? { type: 'stopped', id, reason: data.reason }
        : undefined;
    default:
      return;
  }
}

/** What the learner is told when a bound of `RELAY_LIMITS` or `SANDBOX_MEMORY` stopped their code. */
export function stoppedError(reason: StopReason): SerializedError {
  if (reason !== 'memory') return relayStoppedError(reason);
  return {
    name: 'OutOfMemory',
    message: `Too much memory: the code held more than the sandbox allows (${SANDBOX_MEMORY.bytes / 2 ** 20} MB in all, ArrayBuffers included), so the run was stopped.`,
  };
}
