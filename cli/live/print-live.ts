import {
  explainApiError,
  thinkingSummary,
  usedTokens,
  type ApiErrorBody,
  type ApiRequest,
  type ApiResponse,
  type Decision,
  type LiveCheck,
  type RunEvent,
  type StreamEvent,
} from '../../core/index.ts';
import { style } from '../style.ts';
import { terminalLine, terminalText } from '../terminal-text.ts';
import type { RetryNotice } from '../../core/index.ts';

/** Characters of one tool input or result shown on its line. */
const MAX_INLINE = 160;

function inline(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  } catch {
    text = '(a value that cannot be shown)';
  }
  return terminalLine(text.length > MAX_INLINE ? `${text.slice(0, MAX_INLINE)}…` : text);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * A live run as it happens, one line per turn: `turn 1 stop_reason="tool_use" → get_weather`,
 * each tool call and its result, what the code logs, retries and errors, then the answer and
 * `✓ 2 turns · 1 tool call · 1.8s`. All text from the model or the code is made safe first.
 */
export function createLivePrinter(
  write: (line: string) => void,
  /** Writes part of a line: a streamed reply's text, as it arrives. */
  writePart: (text: string) => void = write,
) {
  /** Tool names by tool_use id, to name each result. */
  const names = new Map<string, string>();
  let last: ApiResponse | undefined;
  let turns = 0;
  let toolCalls = 0;
  /** The index of the streamed text block being printed, while one is. */
  let streaming: number | undefined;

  /** The API's error under its turn, and what it means (the key is ANTHROPIC_API_KEY's). */
  const apiError = (index: number, timing: string, status: number, body: ApiErrorBody) => {
    const type = body.error.type;
    // 200: the stream had begun, and an error event cut it off.
    const what =
      status === 0 ? type : status === 200 ? `stream cut off: ${type}` : `${status} ${type}`;
    write(
      `turn ${index} ${style.red(`✗ ${terminalLine(what)}`)}: ${terminalLine(body.error.message)}${timing}`,
    );
    const key = status === 401 ? ' The key comes from ANTHROPIC_API_KEY.' : '';
    write(`  ${explainApiError(status, body)}${key}`);
  };

  return {
    /** A request the code is about to send: the tool results it carries. */
    request(request: ApiRequest) {
      const messages = Array.isArray(request.messages) ? (request.messages as unknown[]) : [];
      const newest = messages.at(-1) as { role?: unknown; content?: unknown } | undefined;
      if (newest?.role !== 'user' || !Array.isArray(newest.content)) return;
      for (const block of newest.content as Record<string, unknown>[]) {
        if (block?.type !== 'tool_result') continue;
        const name = names.get(String(block.tool_use_id)) ?? 'tool';
        const content = Array.isArray(block.content)
          ? (block.content as { text?: unknown }[]).map((b) => b?.text ?? '').join('')
          : block.content;
        const mark = block.is_error === true ? style.yellow(' error') : '';
        write(`  ← ${terminalLine(name)}${mark} ${inline(content ?? '')}`);
      }
    },

    event(event: RunEvent) {
      if (event.type === 'console') {
        for (const line of terminalText(event.text).split('\n')) write(style.dim(`  │ ${line}`));
        return;
      }
      if (event.type === 'ask') {
        write(`  ${askLine(event.call.name, event.decision, event.error)}`);
        return;
      }
      if (event.type !== 'model-call') return;
      const timing = style.dim(` · ${seconds(event.durationMs)}`);
      if (event.rejection) {
        const { body, explanation, hint } = event.rejection;
        const why =
          event.rejection.kind === 'invalid-request'
            ? '✗ refused before sending: the API would refuse it (nothing spent)'
            : '✗ not in the recording';
        write(`turn ${event.index} ${style.red(why)}`);
        write(
          `  ${style.red('400')} ${terminalLine(body.error.type)}: ${terminalLine(body.error.message)}`,
        );
        write(`    ${terminalLine(explanation)}`);
        if (hint && !body.error.message.includes(hint)) write(`    ${terminalLine(hint)}`);
        return;
      }
      if (event.error) return apiError(event.index, timing, event.error.status, event.error.body);
      const response = event.response;
      if (!response) return;
      turns++;
      last = response;
      const uses = response.content.filter((b) => b.type === 'tool_use');
      toolCalls += uses.length;
      const asked = uses.length > 0 ? ` → ${uses.map((u) => terminalLine(u.name)).join(', ')}` : '';
      // Every token sent and written, the cache's reads and writes included, as the wallet counts.
      const used = usedTokens(response);
      write(
        `turn ${event.index} stop_reason="${terminalLine(response.stop_reason)}"${asked}${timing}${style.dim(` · ${used} tokens`)}`,
      );
      // A streamed reply's thinking was printed as it came; a whole reply's is shown in short.
      for (const block of event.stream ? [] : response.content) {
        if (block.type === 'thinking' || block.type === 'redacted_thinking') {
          write(style.dim(`  ✻ ${block.type} ${terminalLine(thinkingSummary(block))}`));
        }
      }
      for (const use of uses) {
        names.set(use.id, use.name);
        write(`  → ${terminalLine(use.name)} ${inline(use.input)}`);
      }
    },

    /** One event of a streamed reply, as it arrives: its text is printed as it comes. */
    stream(event: StreamEvent) {
      if (event.type === 'content_block_start' && event.content_block.type === 'text') {
        streaming = event.index;
        writePart(style.dim('  ▸ '));
      } else if (event.type === 'content_block_start' && event.content_block.type === 'thinking') {
        streaming = event.index;
        writePart(style.dim('  ✻ '));
      } else if (event.type === 'content_block_start') {
        const block = event.content_block;
        if (block.type === 'redacted_thinking') {
          write(style.dim(`  ✻ redacted_thinking ${thinkingSummary(block)}`));
        }
      } else if (event.type === 'content_block_delta' && event.index === streaming) {
        if (event.delta.type === 'text_delta') writePart(terminalText(event.delta.text));
        if (event.delta.type === 'thinking_delta') {
          writePart(style.dim(terminalText(event.delta.thinking)));
        }
      } else if (
        (event.type === 'content_block_stop' && event.index === streaming) ||
        (event.type === 'error' && streaming !== undefined)
      ) {
        streaming = undefined;
        writePart('\n');
      }
    },

    retry(notice: RetryNotice) {
      const after = notice.retryAfter === undefined ? '' : ` · retry-after ${notice.retryAfter}s`;
      const what = notice.status === 0 ? notice.type : `${notice.status} ${notice.type}`;
      write(
        style.yellow(`  ↻ ${terminalLine(what)}${after} · retry ${notice.retry} of ${notice.of}`),
      );
    },

    /** The answer, the summary line, and any check that does not hold. */
    end(options: { ms: number; tokens: number; ok: boolean; checks: readonly LiveCheck[] }) {
      const answer =
        last && last.stop_reason !== 'tool_use'
          ? last.content.map((b) => (b.type === 'text' ? b.text : '')).join('')
          : '';
      if (answer) write(`\n${terminalText(answer)}\n`);
      const mark = options.ok ? style.green('✓') : style.red('✗');
      const tokens =
        options.tokens > 0 ? ` · ${options.tokens.toLocaleString('en-US')} tokens` : '';
      write(
        `${mark} ${plural(turns, 'turn')} · ${plural(toolCalls, 'tool call')} · ${seconds(options.ms)}${style.dim(tokens)}`,
      );
      for (const check of options.checks) {
        if (!check.holds) write(`  ${style.red('✗')} ${check.text}`);
      }
    },
  };
}

export type LivePrinter = ReturnType<typeof createLivePrinter>;

/** What the user answered about a call, on its line: `✓ edit_file allowed once`. */
export function askLine(name: string, decision: Decision | undefined, error?: string): string {
  const tool = terminalLine(name);
  if (!decision) return style.red(`✗ ${tool}: ${terminalLine(error ?? 'no answer')}`);
  if (decision.kind === 'deny')
    return style.yellow(`✗ ${tool} denied: ${terminalLine(decision.reason)}`);
  return style.green(
    `✓ ${tool} ${decision.kind === 'always' ? 'allowed for the session' : 'allowed once'}`,
  );
}
