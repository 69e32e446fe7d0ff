/** Summary statistics for the benchmark's samples (milliseconds or bytes). */
export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    min: sorted[0] ?? NaN,
    max: sorted.at(-1) ?? NaN,
  };
}
