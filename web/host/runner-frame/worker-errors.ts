import type { SerializedError } from '../../../core/index.ts';
import { RELAY_LIMITS } from '../../../core/run/limits.ts';

/** Why the frame stopped a worker on its own. */
export type StopReason = 'flood' | 'too-large';

/** What a worker's uncaught error said (the fields of its ErrorEvent). */
export interface WorkerErrorEvent {
  message: string;
  filename: string;
  lineno: number;
  colno: number;
}

/**
 * An uncaught error reaches the frame as an ErrorEvent with no stack; rebuild a one-frame
 * stack from its location so the core can map it to the learner's line.
 */
export function errorFromWorkerError(event: WorkerErrorEvent): SerializedError {
  const text = (event.message || 'the worker failed').replace(/^Uncaught\s+/, '');
  const match = /^([A-Za-z]*Error|Error):\s*([\s\S]*)$/.exec(text);
  const name = match?.[1] ?? 'Error';
  const message = match?.[2] ?? text;
  if (!event.lineno) return { name, message };
  const frame = `    at ${event.filename || 'bundle.js'}:${event.lineno}:${event.colno}`;
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
