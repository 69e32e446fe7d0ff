import {
  cacheLine,
  conversationsOf,
  summarizeCase,
  thinkingSummary,
  type AskRecord,
  type CaseReport,
  type ReplyBlock,
  type Turn,
  type TurnConversation,
} from '../../../core/index.ts';
import { rejectionLabel } from './rejection-label.ts';
import {
  requestRoles,
  sentBack,
  sentBlocks,
  sentMessages,
  type SentBlock,
} from './request-view.ts';

/** Characters of one value written out in the text transcript. */
const VALUE_CHARS = 500;

/**
 * A case's transcript as plain text, to paste into a question or a bug report: the verdict,
 * then each turn (what was sent, what came back, the tools run), then the summary line.
 */
export function transcriptText(report: CaseReport): string {
  const lines = [`${report.name}: ${report.status} (${report.kind})`];
  if (report.status !== 'pass') lines.push(report.message);
  lines.push('');
  const conversations = conversationsOf(report.turns);
  const several = conversations.some((c) => c.conversation > 1);
  report.turns.forEach((turn, i) => {
    const conversation = conversations[i];
    const previous = conversation?.previous;
    const before = previous === undefined ? undefined : report.turns[previous];
    lines.push(...turnLines(turn, before, several ? conversation : undefined));
  });
  if (report.turns.length === 0) lines.push('No model calls were made.', '');
  lines.push(summarizeCase(report));
  return lines.join('\n');
}

/** The same transcript as JSON: the case's verdict and its turns, as the grader recorded them. */
export function transcriptJson(report: CaseReport): string {
  const { name, status, kind, message, turns, durationMs } = report;
  return JSON.stringify({ case: name, status, kind, message, durationMs, turns }, null, 2);
}

function turnLines(
  turn: Turn,
  previous: Turn | undefined,
  conversation: TurnConversation | undefined,
): string[] {
  const { request, response, rejection } = turn;
  const starts =
    conversation?.starts && conversation.conversation > 1
      ? [
          `Conversation ${conversation.conversation} starts, with a history of its own: "${conversation.opening}"`,
        ]
      : [];
  const head = [`Turn ${turn.index}`];
  if (conversation) head.push(`conversation ${conversation.conversation}`);
  if (response) head.push(`stop_reason ${response.stop_reason}`);
  if (rejection) head.push(rejectionLabel(rejection));
  head.push(`${Math.round(turn.durationMs)} ms`);
  const lines = [...starts, head.join(' · ')];
  const roles = requestRoles(request.raw);
  lines.push(`  → request: ${roles.join(' · ') || `${request.messageCount} messages`}`);
  const ids = previous?.response?.content.flatMap((b) => (b.type === 'tool_use' ? [b.id] : []));
  const back = previous && sentBack(request.raw, previous.response, previous.request.messageCount);
  if (back) {
    lines.push(
      `    messages[${back.index}] sent the last reply back as ${back.sent.join(' · ') || '(no blocks)'}; it came as ${back.reply.join(' · ')} (they first differ at content${back.at})`,
    );
  }
  const sent = sentMessages(request.raw);
  for (const { index, message } of sent) {
    if (sent.length > 1) lines.push(`    messages[${index}]:`);
    for (const block of sentBlocks(message, ids)) lines.push(`    ${blockLine(block)}`);
  }
  const cache = cacheLine(turn);
  if (cache) lines.push(`  prompt cache: ${cache}`);
  if (rejection) lines.push(`  ✗ ${rejection.body.error.message}`);
  if (turn.error) {
    const { status, body } = turn.error;
    // 200: the stream had begun, and an error event cut it off.
    const what =
      status === 200
        ? 'stream cut off by an error event'
        : status > 0
          ? `HTTP ${status}`
          : 'no response';
    lines.push(`  ✗ ${what}: ${body.error.type}: ${cut(body.error.message)}`);
  }
  for (const block of response?.content ?? []) lines.push(`  ← ${replyLine(block)}`);
  for (const ask of turn.asks ?? []) lines.push(`  · ${askText(ask)}`);
  for (const tool of turn.tools) {
    const result = tool.error
      ? `threw ${tool.error.name}: ${tool.error.message}`
      : cut(tool.output ?? '');
    lines.push(`  · ran ${tool.name}(${cut(JSON.stringify(tool.input))}) → ${result}`);
  }
  lines.push('');
  return lines;
}

function replyLine(block: ReplyBlock): string {
  switch (block.type) {
    case 'text':
      return `text: ${cut(block.text)}`;
    case 'thinking':
      return `thinking: ${cut(block.thinking) || thinkingSummary(block)} (signature: ${block.signature.length} characters)`;
    case 'redacted_thinking':
      return `redacted_thinking: ${thinkingSummary(block)}`;
    case 'tool_use':
      return `tool_use ${block.name}(${cut(JSON.stringify(block.input))}) ${block.id}`;
  }
}

function blockLine(block: SentBlock): string {
  if (block.type === 'text') return `text: ${cut(block.text)}`;
  if (block.type === 'other') return `${block.name} block`;
  const error = block.isError ? ' is_error' : '';
  const unknown = block.answers === false ? ' (answers no tool_use of the last reply)' : '';
  return `tool_result ${block.toolUseId}${error}${unknown}: ${cut(block.content)}`;
}

function cut(text: string | undefined): string {
  const value = text ?? '';
  return value.length > VALUE_CHARS ? `${value.slice(0, VALUE_CHARS)}…` : value;
}

/** A question to the user and their answer, in words: `asked about edit_file: allowed once`. */
export function askText(ask: AskRecord): string {
  const about = `asked about ${ask.call.name}${typeof ask.call.input.path === 'string' ? ` ${ask.call.input.path}` : ''}`;
  const { decision } = ask;
  if (!decision) return `${about}: no answer (${ask.error ?? 'none came'})`;
  if (decision.kind === 'deny') return `${about}: denied, "${decision.reason}"`;
  return `${about}: ${decision.kind === 'always' ? 'allowed for the session' : 'allowed once'}`;
}
