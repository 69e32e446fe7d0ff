import { isJsonObject } from '../json/json-diff.ts';
import type { PathSegment } from '../json/json-diff.ts';

/**
 * The form in which a request is compared with the recording. The API treats some spellings
 * as the same request, so the cassette does too: a string `content` is one text block (for a
 * tool_result, an empty or absent `content` is no blocks), `is_error: false` is `is_error`
 * left out, and a cache breakpoint's default `ttl: '5m'` is the ttl left out (`cache_control:
 * null`, no breakpoint at all).
 */
export function canonicalizeRequest(request: Record<string, unknown>): Record<string, unknown> {
  const { messages } = request;
  if (!Array.isArray(messages)) return request;
  return { ...request, messages: messages.map(canonicalMessage) };
}

/**
 * What names a conversation: its first message in canonical form, without cache marks (a
 * rolling breakpoint marks the first message on the first call and not later, and it is the
 * same conversation). Loops that take turns (an agent and its subagents) are told apart by it.
 */
export function conversationKey(messages: unknown): string {
  const first = Array.isArray(messages) ? canonicalMessage(messages[0]) : undefined;
  return JSON.stringify(unmarked(first));
}

function unmarked(message: unknown): unknown {
  if (!isJsonObject(message) || !Array.isArray(message.content)) return message;
  const content = message.content.map((block) => {
    if (!isJsonObject(block)) return block;
    const { cache_control: _mark, ...rest } = block;
    return rest;
  });
  return { ...message, content };
}

function canonicalMessage(message: unknown): unknown {
  if (!isJsonObject(message)) return message;
  const { content } = message;
  if (typeof content === 'string') return { ...message, content: textBlocks(content) };
  if (!Array.isArray(content)) return message;
  return { ...message, content: content.map(canonicalBlock) };
}

function resultContent(content: unknown): unknown {
  if (content === undefined || content === '') return [];
  return typeof content === 'string' ? textBlocks(content) : content;
}

function canonicalBlock(block: unknown): unknown {
  if (!isJsonObject(block)) return block;
  const marked = canonicalMark(block);
  if (marked.type !== 'tool_result') return marked;
  const { content, is_error: isError, ...rest } = marked;
  const blocks = resultContent(content);
  return {
    ...rest,
    content: Array.isArray(blocks)
      ? blocks.map((b) => (isJsonObject(b) ? canonicalMark(b) : b))
      : blocks,
    ...(isError === false ? {} : { is_error: isError }),
  };
}

/** The block with its `cache_control` in canonical form: no `null`, no default `ttl`. */
function canonicalMark(block: Record<string, unknown>): Record<string, unknown> {
  const { cache_control: mark, ...rest } = block;
  if (mark === undefined) return block;
  if (mark === null) return rest;
  if (!isJsonObject(mark) || mark.ttl !== '5m') return block;
  const { ttl: _default, ...kept } = mark;
  return { ...rest, cache_control: kept };
}

function textBlocks(text: string): { type: 'text'; text: string }[] {
  return [{ type: 'text', text }];
}

/**
 * Follows `segments`, a path into the canonical form, through the request as it was sent,
 * and returns the longest prefix that names a place in it: the path stops at a string that
 * canonicalization expanded into blocks.
 */
export function sentPath(request: unknown, segments: readonly PathSegment[]): PathSegment[] {
  const path: PathSegment[] = [];
  let value = request;
  for (const segment of segments) {
    if (typeof value !== 'object' || value === null) break;
    path.push(segment);
    value = property(value, segment);
  }
  return path;
}

/** The value at `path`, or undefined where the path leaves the value. */
export function valueAt(value: unknown, path: readonly PathSegment[]): unknown {
  let current = value;
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = property(current, segment);
  }
  return current;
}

function property(container: object, segment: PathSegment): unknown {
  return Object.hasOwn(container, segment)
    ? (container as Record<PathSegment, unknown>)[segment]
    : undefined;
}
