import { isJsonObject } from '../json/json-diff.ts';

/**
 * Where a request's prompt-cache breakpoints sit: every `cache_control` it carries, in the
 * order the API processes them (`tools`, then `system`, then `messages`, and a top-level
 * `cache_control` last, since it marks the request's last block). The request checks, the
 * transcript and the recording conventions all read a request's marks through this.
 */

/** One `cache_control` of a request. */
export interface Breakpoint {
  /**
   * Where the mark sits, in the API's error-path style: `tools.3`, `system.0`,
   * `messages.4.content.1` (a block), `messages.2.content.0.content.1` (a block inside a
   * tool_result), or `` (the request's top-level `cache_control`).
   */
  at: string;
  /** The marked block's `type` (`text`, `tool_result`, ...); `tool` and `request` for the others. */
  kind: string;
  /** The value of its `cache_control`, as sent (not yet checked). */
  value: unknown;
  /** The marked block itself (the request, for a top-level mark). */
  block: Record<string, unknown>;
}

/** Every `cache_control` the request carries that is not null, in processing order. */
export function findBreakpoints(request: unknown): Breakpoint[] {
  if (!isJsonObject(request)) return [];
  const found: Breakpoint[] = [];
  const visit = (block: unknown, at: string, kind?: string) => {
    if (!isJsonObject(block)) return;
    const type = kind ?? (typeof block.type === 'string' ? block.type : 'block');
    if (block.cache_control != null)
      found.push({ at, kind: type, value: block.cache_control, block });
    if (kind === undefined && block.type === 'tool_result' && Array.isArray(block.content)) {
      block.content.forEach((inner, k) => visit(inner, `${at}.content.${k}`));
    }
  };
  if (Array.isArray(request.tools))
    request.tools.forEach((tool, i) => visit(tool, `tools.${i}`, 'tool'));
  if (Array.isArray(request.system))
    request.system.forEach((block, i) => visit(block, `system.${i}`));
  if (Array.isArray(request.messages)) {
    request.messages.forEach((message, i) => {
      if (!isJsonObject(message) || !Array.isArray(message.content)) return;
      message.content.forEach((block, j) => visit(block, `messages.${i}.content.${j}`));
    });
  }
  if (request.cache_control != null) {
    found.push({ at: '', kind: 'request', value: request.cache_control, block: request });
  }
  return found;
}

/** The TTL a (valid) mark asks for: `5m` unless it says `1h`. */
export function ttlOf(value: unknown): '5m' | '1h' {
  return isJsonObject(value) && value.ttl === '1h' ? '1h' : '5m';
}

/**
 * A mark's place as the transcript names it: `messages[4].content[1]`, `system[0]`,
 * `tools[3]`, or `the request (automatic)`.
 */
export function displayBreakpoint({ at, value }: Breakpoint): string {
  const place = at === '' ? 'the request (automatic)' : at.replace(/\.(\d+)/g, '[$1]');
  return ttlOf(value) === '1h' ? `${place} (1h)` : place;
}
