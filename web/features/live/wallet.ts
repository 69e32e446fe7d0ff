/** What one live run may spend, and what it has spent: the wallet's guards. */

/** Per-run limits; the learner sees and edits them in Live settings. */
export interface WalletLimits {
  /** Model calls one run may make. */
  maxCalls: number;
  /** Tokens (input and output together) one run may use before its next call is refused. */
  maxTokens: number;
}

export interface WalletMeter {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export const DEFAULT_LIMITS: WalletLimits = { maxCalls: 10, maxTokens: 50_000 };

/** The bounds a limit may be set to. */
export const LIMIT_RANGE = {
  maxCalls: { min: 1, max: 100 },
  maxTokens: { min: 1_000, max: 2_000_000 },
} as const;

/**
 * Why the next call may not be made, or undefined when it may. Tokens are known only once a
 * reply is in, so the token limit stops the call after the one that crossed it.
 */
export function checkWallet(meter: WalletMeter, limits: WalletLimits): string | undefined {
  if (meter.calls >= limits.maxCalls) {
    return `Stopped at the wallet limit: this run made ${meter.calls} model call${meter.calls === 1 ? '' : 's'}, its limit (raise it in Live settings to let the loop go on).`;
  }
  const used = meter.inputTokens + meter.outputTokens;
  if (used >= limits.maxTokens) {
    return `Stopped at the wallet limit: this run used ${used.toLocaleString('en-US')} tokens, over its limit of ${limits.maxTokens.toLocaleString('en-US')} (raise it in Live settings).`;
  }
  return undefined;
}

/** A limit as typed, within its range; undefined when it is not a whole number. */
export function clampLimit(name: keyof WalletLimits, value: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const { min, max } = LIMIT_RANGE[name];
  return Math.min(max, Math.max(min, Math.round(value)));
}
