import { RELAY_LIMITS, type SerializedError } from '../../../core/index.ts';

/**
 * Every message between the page and the runner frame (`public/runner.html`, a sandboxed
 * iframe with an opaque origin that owns the workers running learner code). `public/runner.js`
 * speaks the same protocol in plain JavaScript: change both together.
 *
 * Requests carry the id of a spawn; reports about a worker echo it. Reports are untrusted:
 * the page checks where each came from and parses it with `parseRunnerReport`.
 */

/** Page → runner frame. */
export type RunnerRequest =
  /** Start a worker running `script` (the prelude line already at its head). */
  | { type: 'spawn'; id: number; script: string }
  /** Forward `message` to the worker. */
  | { type: 'post'; id: number; message: unknown }
  | { type: 'terminate'; id: number }
  /**
   * Carries (as its one transferred port) the heartbeat channel: the frame hands it to a worker
   * of its own that echoes every number sent on it, so the page can tell the frame is alive.
   */
  | { type: 'heartbeat' }
  /**
   * Carries (as its one transferred port) the channel for everything after it: requests reach
   * the frame over it and reports come back on it. A port sends at once, where a window's
   * postMessage to another process waits behind the sender's pending rendering work.
   */
  | { type: 'connect' };

/** Why the frame stopped a worker on its own. */
export type StopReason = 'flood' | 'too-large';

/** Runner frame → page. */
export type RunnerReport =
  /** The frame has loaded and listens (the one report sent to the window, not the port). */
  | { type: 'ready' }
  /** The worker posted each of `data`, in order (the frame relays them in batches). */
  | { type: 'messages'; id: number; data: unknown[] }
  /** An error escaped the worker's script (the fields of its ErrorEvent). */
  | {
      type: 'worker-error';
      id: number;
      message: string;
      filename: string;
      lineno: number;
      colno: number;
    }
  /** A message from the worker could not be deserialised. */
  | { type: 'message-error'; id: number }
  /** The frame terminated the worker itself, to protect the page. */
  | { type: 'stopped'; id: number; reason: StopReason };

/** Bounds the frame enforces on one worker, before anything reaches the page (the CLI's too). */
export { RELAY_LIMITS };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Checks a report from the frame: anything not shaped like a `RunnerReport` is undefined. */
export function parseRunnerReport(data: unknown): RunnerReport | undefined {
  if (!isRecord(data)) return;
  switch (data.type) {
    case 'ready':
      return { type: 'ready' };
    case 'messages':
      return isId(data.id) && Array.isArray(data.data)
        ? { type: 'messages', id: data.id, data: data.data as unknown[] }
        : undefined;
    case 'worker-error': {
      const { id, message, filename, lineno, colno } = data;
      if (!isId(id) || typeof message !== 'string' || typeof filename !== 'string') return;
      if (!isLine(lineno) || !isLine(colno)) return;
      return { type: 'worker-error', id, message, filename, lineno, colno };
    }
    case 'message-error':
      return isId(data.id) ? { type: 'message-error', id: data.id } : undefined;
    case 'stopped':
      return isId(data.id) && (data.reason === 'flood' || data.reason === 'too-large')
        ? { type: 'stopped', id: data.id, reason: data.reason }
        : undefined;
    default:
      return;
  }
}

const isLine = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/**
 * An uncaught error reaches the frame as an ErrorEvent with no stack; rebuild a one-frame
 * stack from its location so the core can map it to the learner's line.
 */
export function errorFromWorkerError(
  report: Extract<RunnerReport, { type: 'worker-error' }>,
): SerializedError {
  const text = (report.message || 'the worker failed').replace(/^Uncaught\s+/, '');
  const match = /^([A-Za-z]*Error|Error):\s*([\s\S]*)$/.exec(text);
  const name = match?.[1] ?? 'Error';
  const message = match?.[2] ?? text;
  if (!report.lineno) return { name, message };
  const frame = `    at ${report.filename || 'bundle.js'}:${report.lineno}:${report.colno}`;
  return { name, message, stack: `${name}: ${message}\n${frame}` };
}

/** What the learner is told when the frame stopped a worker on its own. */
export function stoppedError(reason: StopReason): SerializedError {
  return reason === 'flood'
    ? {
        name: 'Flood',
        message: `The code sent more than ${RELAY_LIMITS.messages} messages to the page, so the run was stopped.`,
      }
    : {
        name: 'TooLarge',
        message:
          'The code sent the page more data than a run may (a few megabytes), so the run was stopped.',
      };
}
