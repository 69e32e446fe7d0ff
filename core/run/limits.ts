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

/** A console line as a case keeps it: cut at `consoleLineChars`, saying so. */
export function cutConsoleLine(text: string): string {
  const max = RUN_LIMITS.consoleLineChars;
  return text.length > max ? `${text.slice(0, max)}… (line cut at ${max} characters)` : text;
}
