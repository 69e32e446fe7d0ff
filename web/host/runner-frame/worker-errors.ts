import type { SerializedError } from '../../../core/index.ts';

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
