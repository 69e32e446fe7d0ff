import type { RequestIssue, ShapedMessage } from './request-issue.ts';

/**
 * The Messages API's rules for pairing `tool_use` with `tool_result`, in its words. The API
 * merges consecutive messages of one role before pairing, so two user messages in a row
 * are one turn here too; every index reported is one of the original `messages` array.
 */

interface Located {
  /** Index of the original message, and of the block within its content. */
  message: number;
  block: number;
  value: Record<string, unknown>;
}

interface Turn {
  role: 'user' | 'assistant';
  /** Index of the first original message merged into this turn. */
  first: number;
  blocks: Located[];
}

const explain = {
  notFirst:
    'After an assistant message with tool_use blocks, the next user message must START with its tool_result blocks, one per tool_use: put any text after them.',
  unexpected:
    "A tool_result must answer a tool_use in the message just before it: did you append the assistant's response to messages before the results, and copy each block's `id` into `tool_use_id`?",
  duplicate:
    'Each tool_use gets exactly one tool_result: check that your loop does not run a tool, or append its result, twice.',
  missing:
    "Your loop sent the model's tool_use back without answering it: after appending the assistant message, run each tool and append ONE user message whose content starts with a tool_result for every tool_use id.",
};

export function checkToolPairing(messages: readonly ShapedMessage[]): RequestIssue | undefined {
  const turns = mergeTurns(messages);
  for (const [t, turn] of turns.entries()) {
    // Turns alternate, so a user turn's previous turn is the assistant's. Its own errors
    // come first: they point at the block to fix, where "unanswered" only names ids.
    const previous = turns[t - 1];
    const issue =
      turn.role === 'user'
        ? (checkResults(turn, previous) ?? (previous && checkAnswered(previous, turn)))
        : t === turns.length - 1
          ? checkAnswered(turn, undefined)
          : undefined;
    if (issue) return issue;
  }
}

function mergeTurns(messages: readonly ShapedMessage[]): Turn[] {
  const turns: Turn[] = [];
  for (const [i, { role, content }] of messages.entries()) {
    const blocks = (typeof content === 'string' ? [{ type: 'text', text: content }] : content).map(
      (value, block) => ({ message: i, block, value }),
    );
    const last = turns.at(-1);
    if (last?.role === role) last.blocks.push(...blocks);
    else turns.push({ role, first: i, blocks });
  }
  return turns;
}

const isResult = (block: Located) => block.value.type === 'tool_result';
const toolUses = (turn: Turn | undefined) =>
  turn?.blocks.filter((block) => block.value.type === 'tool_use') ?? [];

function checkResults(turn: Turn, previous: Turn | undefined): RequestIssue | undefined {
  const uses = toolUses(previous);
  const results = turn.blocks.filter(isResult);
  const leading = turn.blocks.findIndex((block) => !isResult(block));
  const leadingCount = leading === -1 ? turn.blocks.length : leading;
  if (uses.length > 0 && (leadingCount === 0 || leadingCount < results.length)) {
    const message = `messages.${turn.first}: Did not find ${uses.length} \`tool_result\` block(s) at the beginning of this message. Messages following \`tool_use\` blocks must begin with a matching number of \`tool_result\` blocks.`;
    return { message, explanation: explain.notFirst };
  }
  const ids = new Set(uses.map((use) => use.value.id));
  const seen = new Set<unknown>();
  for (const result of results) {
    const id = result.value.tool_use_id;
    const at = `messages.${result.message}.content.${result.block}`;
    if (!ids.has(id)) {
      const message = `${at}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${String(id)}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
      return { message, explanation: explain.unexpected };
    }
    if (seen.has(id)) {
      const message = `${at}: each tool_use must have a single result. Found multiple \`tool_result\` blocks with id: ${String(id)}`;
      return { message, explanation: explain.duplicate };
    }
    seen.add(id);
  }
}

function checkAnswered(turn: Turn, next: Turn | undefined): RequestIssue | undefined {
  const answered = new Set(next?.blocks.filter(isResult).map((result) => result.value.tool_use_id));
  const unanswered = toolUses(turn).filter((use) => !answered.has(use.value.id));
  const [first] = unanswered;
  if (!first) return;
  const ids = unanswered.map((use) => String(use.value.id)).join(', ');
  const message = `messages.${first.message}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${ids}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
  return { message, explanation: explain.missing };
}
