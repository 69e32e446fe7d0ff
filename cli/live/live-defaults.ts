/** `theinference run`'s guards, per run, when the learner sets none. */
export const LIVE_DEFAULTS = {
  /** Model calls (`--max-turns`). */
  maxTurns: 10,
  /** Tokens, input and output over every call (`--max-tokens`). */
  maxTokens: 50_000,
  /** The whole run, in milliseconds (`--timeout`). */
  timeoutMs: 300_000,
} as const;
