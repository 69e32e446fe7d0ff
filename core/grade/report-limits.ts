/** How much of a run a case report keeps, whatever the code printed or threw. */
export const REPORT_LIMITS = {
  /** Differences listed (the message counts them all). */
  diffEntries: 100,
  /** Stack frames listed. */
  frames: 20,
  /** Characters kept of an error's message. */
  errorMessageChars: 2_000,
  /** A streamed reply's events kept per turn, to replay it; more are counted, not kept. */
  streamEvents: 2_000,
} as const;
