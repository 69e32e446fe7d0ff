import type { RunEvent } from '../run/events.ts';
import type { ApiResponse } from '../api/messages.ts';
import { keepStream } from './stream-replay.ts';
import type { ConsoleLine, ToolExecution, Turn } from './report.ts';

/**
 * Groups a run's events into turns: each model call, then the tools run before the next.
 * When the harness recorded no tool runs at all (its lesson leaves them to the learner's code,
 * as the-agent does), a turn's tool calls are its reply's tool_use blocks that the next
 * request answers, as that request answers them.
 */
export function buildTurns(events: readonly RunEvent[]): Turn[] {
  const turns = groupTurns(events);
  if (events.some((e) => e.type === 'tool')) return turns;
  for (const [i, turn] of turns.entries()) {
    const next = turns[i + 1]?.request.raw as { messages?: unknown } | undefined;
    turn.tools = answeredToolUses(turn.response, next?.messages);
  }
  return turns;
}

function answeredToolUses(response: ApiResponse | undefined, messages: unknown): ToolExecution[] {
  if (!response || !Array.isArray(messages)) return [];
  const results = new Map<unknown, Record<string, unknown>>();
  for (const message of messages) {
    const content: unknown = isRecord(message) ? message.content : undefined;
    if (!Array.isArray(content)) continue;
    for (const block of content) {
      if (isRecord(block) && block.type === 'tool_result') results.set(block.tool_use_id, block);
    }
  }
  const tools: ToolExecution[] = [];
  for (const block of response.content) {
    const result = block.type === 'tool_use' ? results.get(block.id) : undefined;
    if (block.type !== 'tool_use' || !result) continue;
    const tool: ToolExecution = {
      name: block.name,
      input: block.input,
      output: resultText(result.content),
      durationMs: 0,
      from: 'tool_result',
    };
    if (result.is_error === true) tool.isError = true;
    tools.push(tool);
  }
  return tools;
}

function resultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (isRecord(b) && typeof b.text === 'string' ? b.text : '')).join('');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function groupTurns(events: readonly RunEvent[]): Turn[] {
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
      if (event.error) turn.error = event.error;
      if (event.retries?.length) turn.retries = event.retries;
      if (event.stream) turn.stream = keepStream(event.stream);
      turns.push(turn);
    } else if (event.type === 'tool') {
      const { type: _type, at: _at, ...tool } = event;
      turns[turns.length - 1]?.tools.push(tool);
    } else if (event.type === 'ask') {
      const { type: _type, at: _at, ...ask } = event;
      const turn = turns[turns.length - 1];
      if (turn) (turn.asks ??= []).push(ask);
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
