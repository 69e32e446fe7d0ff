import { CHAT_LIMITS, type ChatAction, type ChatMessage } from '../../core/index.ts';
import { capChat } from './chat-slice.ts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

/**
 * The well-formed conversations of a saved value: a malformed message is dropped (and
 * `drop` told), the rest of its conversation and every other part of the saved state kept.
 * Undefined when nothing was saved.
 */
export function sanitizeChats(
  value: unknown,
  drop: () => void,
): Record<string, ChatMessage[]> | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    drop();
    return undefined;
  }
  const out: Record<string, ChatMessage[]> = {};
  for (const [lessonId, messages] of Object.entries(value)) {
    if (!Array.isArray(messages)) {
      drop();
      continue;
    }
    const kept = messages.map(message).filter((m): m is ChatMessage => m !== undefined);
    if (kept.length !== messages.length) drop();
    out[lessonId] = capChat(kept);
  }
  return out;
}

function message(value: unknown): ChatMessage | undefined {
  if (!isRecord(value)) return undefined;
  const { id, role, at, text, quoted, lines, outcome, highlight, actions } = value;
  if (!isString(id) || (role !== 'learner' && role !== 'tutor')) return undefined;
  if (typeof at !== 'number' || !Number.isFinite(at) || !isString(text)) return undefined;
  const kept: ChatMessage = { id, role, at, text: text.slice(0, CHAT_LIMITS.text) };
  if (quoted !== undefined) {
    const values = isRecord(quoted) ? Object.entries(quoted) : [];
    if (!isRecord(quoted) || !values.every((e): e is [string, string] => isString(e[1]))) {
      return undefined;
    }
    const first = values.slice(0, CHAT_LIMITS.quoted);
    kept.quoted = Object.fromEntries(first.map(([k, v]) => [k, v.slice(0, CHAT_LIMITS.text)]));
  }
  if (lines !== undefined) {
    if (!Array.isArray(lines) || !lines.every(isString)) return undefined;
    kept.lines = lines.slice(0, CHAT_LIMITS.lines);
  }
  if (outcome !== undefined) {
    if (outcome !== 'pass' && outcome !== 'fail') return undefined;
    kept.outcome = outcome;
  }
  if (highlight !== undefined) {
    if (!isRecord(highlight) || !isString(highlight.file) || !isString(highlight.match)) {
      return undefined;
    }
    kept.highlight = { file: highlight.file, match: highlight.match };
  }
  if (actions !== undefined) {
    if (!Array.isArray(actions) || !actions.every(isAction)) return undefined;
    kept.actions = actions.slice(0, CHAT_LIMITS.actions);
  }
  return kept;
}

/**
 * A button's shape is checked down to its intent's type and fields: a saved value is input
 * like any other, and a click on it reaches the tutor's actions.
 */
function isAction(value: unknown): value is ChatAction {
  if (!isRecord(value) || !isString(value.label) || !isRecord(value.intent)) return false;
  const intent = value.intent;
  switch (intent.type) {
    case 'command':
      return isString(intent.command);
    case 'answer':
      return (
        (intent.kind === 'question' || intent.kind === 'step' || intent.kind === 'passage') &&
        isString(intent.id)
      );
    case 'open':
      return isRecord(intent.target);
    case 'point':
      return (
        isRecord(intent.anchor) &&
        isString(intent.anchor.file) &&
        isString(intent.anchor.match) &&
        (intent.in === 'code' || intent.in === 'reference')
      );
    case 'undo-reset':
      return Array.isArray(intent.paths) && intent.paths.every(isString);
    default:
      return false;
  }
}

/**
 * Two tabs' conversations of every lesson, merged: each message once (by id), in the order
 * they were said, capped. Neither tab's save loses what the other said.
 */
export function mergeChats(
  ours: Record<string, ChatMessage[]>,
  theirs: Record<string, ChatMessage[]>,
): Record<string, ChatMessage[]> {
  const out = { ...ours };
  for (const [lessonId, messages] of Object.entries(theirs)) {
    const mine = out[lessonId] ?? [];
    const ids = new Set(mine.map((m) => m.id));
    const added = messages.filter((m) => !ids.has(m.id));
    if (added.length === 0) continue;
    const merged = [...mine, ...added].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1));
    out[lessonId] = capChat(merged);
  }
  return out;
}

/** True when `theirs` lacks a message `merged` holds: the merge must be saved back. */
export function chatsMissing(
  merged: Record<string, ChatMessage[]>,
  theirs: Record<string, ChatMessage[]> | undefined,
): boolean {
  return Object.entries(merged).some(([lessonId, messages]) => {
    const ids = new Set((theirs?.[lessonId] ?? []).map((m) => m.id));
    return messages.some((m) => !ids.has(m.id));
  });
}
