import type { Turn } from '../grade/report.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "✓ 2 turns · 1 tool call · 1.8 s": the line under a live run's transcript, in seconds (a
 * live run takes the model's time, where a cassette run takes milliseconds).
 */
export function summarizeLive(report: {
  status: 'pass' | 'fail' | 'error';
  turns: readonly Turn[];
  durationMs: number;
}): string {
  // The tool calls the model asked for: a harness need not run tools through `h.tools` (the
  // agent lesson's code runs its own), so the model's tool_use blocks are what counts here.
  const tools = report.turns.reduce(
    (n, t) =>
      n +
      Math.max(
        t.tools.length,
        t.response?.content.filter((b) => b.type === 'tool_use').length ?? 0,
      ),
    0,
  );
  const mark = report.status === 'pass' ? '✓' : '✗';
  const seconds = (report.durationMs / 1000).toFixed(1);
  return `${mark} ${plural(report.turns.length, 'turn')} · ${plural(tools, 'tool call')} · ${seconds} s`;
}
