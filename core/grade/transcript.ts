import type { RunEvent } from '../run/events.ts';
import type { ConsoleLine, Turn } from './report.ts';

/** Groups a run's events into turns: each model call, then the tools run before the next. */
export function buildTurns(events: readonly RunEvent[]): Turn[] {
  const turns: Turn[] = [];
  for (const event of events) {
    if (event.type === 'model-call') {
      const messages = Array.isArray(event.request.messages) ? event.request.messages : [];
      const turn: Turn = {
        index: event.index,
        request: {
          messageCount: messages.length,
          newestMessage: messages[messages.length - 1],
          raw: event.request,
        },
        durationMs: event.durationMs,
        tools: [],
      };
      if (event.response) turn.response = event.response;
      if (event.rejection) turn.rejection = event.rejection;
      if (event.apiError) turn.apiError = event.apiError;
      if (event.retries?.length) turn.retries = event.retries;
      turns.push(turn);
    } else if (event.type === 'tool') {
      const { type: _type, at: _at, ...tool } = event;
      turns[turns.length - 1]?.tools.push(tool);
    }
  }
  return turns;
}

export function consoleLines(events: readonly RunEvent[]): ConsoleLine[] {
  const lines: ConsoleLine[] = [];
  for (const event of events) {
    if (event.type === 'console') lines.push({ level: event.level, text: event.text });
  }
  return lines;
}

/** "✓ 2 turns · 1 tool call · 38 ms": the line under a case's transcript. */
export function summarizeTurns(
  status: 'pass' | 'fail' | 'error',
  turns: readonly Turn[],
  ms: number,
) {
  const tools = turns.reduce((n, t) => n + t.tools.length, 0);
  const mark = status === 'pass' ? '✓' : '✗';
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${mark} ${plural(turns.length, 'turn')} · ${plural(tools, 'tool call')} · ${Math.round(ms)} ms`;
}

/** The summary line of one graded case. */
export function summarizeCase(report: {
  status: 'pass' | 'fail' | 'error';
  turns: readonly Turn[];
  durationMs: number;
}) {
  return summarizeTurns(report.status, report.turns, report.durationMs);
}
