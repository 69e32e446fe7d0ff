/** Bounds on what one case may produce, enforced in the worker and again by the host. */
export const RUN_LIMITS = {
  /** Console lines kept per case; more are dropped with a visible note. */
  consoleLines: 1_000,
  /** Characters kept of one console line. */
  consoleLineChars: 10_000,
  /** Characters of printed output the grader will parse. */
  outputChars: 1_000_000,
  /** Messages a worker may send in one case; past this it is flooding, and is stopped. */
  workerMessages: 10_000,
  /** Model calls answered after the cassette has already rejected one. */
  callsAfterRejection: 3,
} as const;

/**
 * Bounds a host puts on one worker before its messages reach the grader: the browser's runner
 * frame and the CLI's sandbox process enforce the same ones, so a run past them is stopped in
 * either host alike.
 */
export const RELAY_LIMITS = {
  /** Messages relayed per worker; `runCase` stops a run sooner, this is the backstop. */
  messages: RUN_LIMITS.workerMessages + 1_000,
  /** Size of one message, counted roughly in characters. */
  messageSize: 4_000_000,
  /** Size of all of one worker's messages together. */
  totalSize: 32_000_000,
} as const;

/**
 * Messages the code in a worker may post at all: past `RUN_LIMITS.workerMessages`, so the
 * grader's own verdict stands, but a flood stops at its source instead of queueing.
 */
export const WORKER_MESSAGE_BUDGET = RUN_LIMITS.workerMessages + 50;

/** A console line as a case keeps it: cut at `consoleLineChars`, saying so. */
export function cutConsoleLine(text: string): string {
  const max = RUN_LIMITS.consoleLineChars;
  return text.length > max ? `${text.slice(0, max)}… (line cut at ${max} characters)` : text;
}
