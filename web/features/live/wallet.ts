/**
 * The bounds the wallet's per-run limits may be set to in Live settings (the limits themselves
 * are held by core's live session: `createLiveSession`'s `limits`).
 */
export const LIMIT_RANGE = {
  maxCalls: { min: 1, max: 100 },
  maxTokens: { min: 1_000, max: 2_000_000 },
} as const;

/** A limit as typed, within its range; undefined when it is not a number. */
export function clampLimit(name: keyof typeof LIMIT_RANGE, value: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  const { min, max } = LIMIT_RANGE[name];
  return Math.min(max, Math.max(min, Math.round(value)));
}
