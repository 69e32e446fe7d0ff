import { findBreakpoints, ttlOf, type Breakpoint } from './cache-breakpoints.ts';
import { isJsonObject } from '../json/json-diff.ts';
import type { RequestIssue } from './request-issue.ts';

/**
 * The Messages API's rules for prompt-cache breakpoints, in its words: each `cache_control`
 * is `{ type: 'ephemeral', ttl?: '5m' | '1h' }`, sits on a block that can be cached (not a
 * thinking block, not an empty text block), at most 4 of them in a request (a top-level
 * `cache_control` counts as one), and a 1-hour mark never after a 5-minute one in the order
 * the API reads a request: `tools`, `system`, `messages`.
 */

/** The most `cache_control` marks a request may carry. */
const MAX_BREAKPOINTS = 4;

const explain = {
  shape:
    "A cache breakpoint is `cache_control: { type: 'ephemeral' }`, with an optional `ttl` of '5m' (the default) or '1h', and nothing else: mark blocks with the `cache` value the loop was given.",
  thinking:
    'A thinking block cannot carry cache_control (it is cached as part of the prefix before a later mark): put the mark on a text, tool_use or tool_result block.',
  empty:
    'A cache breakpoint must sit on a block with content: an empty text block cannot be marked (nor sent at all). Mark the last block that has text.',
  tooMany:
    'A request may carry at most 4 cache_control marks, the tools and the system prompt included: mark only the last block of the request, and take the mark off the blocks earlier requests marked (the API looks back from the newest mark for what they cached).',
  order:
    "A mark with ttl '1h' may not come after one with the default '5m' (the API reads tools, then system, then messages): give the conversation's mark the same ttl as the marks before it.",
};

const notAnObject = 'Input should be a valid dictionary or object to extract fields from';

export function checkCacheControl(request: unknown): RequestIssue | undefined {
  const marks = findBreakpoints(request);
  for (const mark of marks) {
    const issue = checkShape(mark);
    if (issue) return issue;
  }
  if (marks.length > MAX_BREAKPOINTS) {
    return {
      message: `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${marks.length}.`,
      explanation: explain.tooMany,
    };
  }
  for (const mark of marks) {
    if (mark.kind === 'text' && mark.block.text === '') {
      const message = `${emptyPath(mark.at)}: cache_control cannot be set for empty text blocks`;
      return { message, explanation: explain.empty };
    }
  }
  const firstShort = marks.findIndex((mark) => ttlOf(mark.value) === '5m');
  const longAfter = marks.find((mark, i) => i > firstShort && ttlOf(mark.value) === '1h');
  if (firstShort !== -1 && longAfter) {
    const at = longAfter.at === '' ? 'cache_control.ttl' : `${longAfter.at}.cache_control.ttl`;
    const message = `${at}: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: \`tools\`, \`system\`, \`messages\`.`;
    return { message, explanation: explain.order };
  }
}

/** The mark's value checked as the API's schema checks it, with the schema's path. */
function checkShape(mark: Breakpoint): RequestIssue | undefined {
  const at = mark.at === '' ? 'cache_control' : `${schemaPath(mark)}.cache_control`;
  const explanation = explain.shape;
  if (mark.kind === 'thinking' || mark.kind === 'redacted_thinking') {
    return { message: `${at}: Extra inputs are not permitted`, explanation: explain.thinking };
  }
  const { value } = mark;
  if (!isJsonObject(value)) return { message: `${at}: ${notAnObject}`, explanation };
  if (value.type === undefined) return { message: `${at}.type: Field required`, explanation };
  if (value.type !== 'ephemeral') {
    return { message: `${at}.type: Input should be 'ephemeral'`, explanation };
  }
  const extra = Object.keys(value).find((key) => key !== 'type' && key !== 'ttl');
  if (extra !== undefined) {
    return { message: `${at}.${extra}: Extra inputs are not permitted`, explanation };
  }
  if (value.ttl !== undefined && value.ttl !== '5m' && value.ttl !== '1h') {
    return { message: `${at}.ttl: Input should be '5m' or '1h'`, explanation };
  }
}

/**
 * Where the API's schema reports a field of the marked block: a union's member is named by
 * its tag (`messages.1.content.0.text`, `tools.0.custom`), a plain list's item by its index
 * (`system.0`); the request's own field has no prefix.
 */
function schemaPath({ at, kind }: Breakpoint): string {
  if (kind === 'tool') return `${at}.custom`;
  if (at.startsWith('system.')) return at;
  return `${nested(at)}.${kind}`;
}

/** The API names an empty marked text block by the block, tagged when it is a union member. */
function emptyPath(at: string): string {
  return at.startsWith('system.') ? at : `${nested(at)}.text`;
}

/** A block inside a tool_result's content: `messages.2.content.0.tool_result.content.1`. */
function nested(at: string): string {
  return at.replace(/^(messages\.\d+\.content\.\d+)\.content\./, '$1.tool_result.content.');
}
