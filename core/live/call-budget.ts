import type { ApiRequest, ApiResponse } from '../api/messages.ts';

/**
 * What a model call can cost, known before it is made, so a limit is never passed by one call:
 * a wallet that only looks at what was spent lets a call that starts under the limit end far
 * over it (a 50,000-token reply on the last 100 tokens). A call uses its input and at most its
 * `max_tokens` of output; its input is counted from above, never guessed.
 */

/** One answered call: the request as sent and the response's usage. */
export interface AnsweredCall {
  request: ApiRequest;
  response: ApiResponse;
}

/**
 * The instructions the API adds to a request that declares tools: 159 to 530 tokens by model in
 * Anthropic's tool-use pricing table ("tool use system prompt token count"); rounded up.
 */
const TOOL_PROMPT_TOKENS = 600;

/**
 * The most input tokens `request` can be. A token is at least one byte of the text it stands
 * for, so the UTF-8 bytes of the request's JSON bound it, plus the API's tool prompt. When the
 * request carries on the conversation of `before` (the same system and tools, its messages and
 * then more), the bound is that call's input as the API counted it plus the bytes added since,
 * which is close; otherwise the whole request's bytes, a few times the true count.
 */
export function inputTokensAtMost(request: ApiRequest, before?: AnsweredCall): number {
  const tools = Array.isArray(request['tools']) && request['tools'].length > 0;
  const whole = utf8Length(JSON.stringify(promptOf(request))) + (tools ? TOOL_PROMPT_TOKENS : 0);
  const added = before && addedMessages(before.request, request);
  if (!before || !added) return whole;
  return Math.min(whole, inputOf(before.response) + utf8Length(JSON.stringify(added)));
}

/** What the API reads as the prompt: everything but the call's settings. */
function promptOf(request: ApiRequest): unknown {
  const { system, tools, messages, tool_choice } = request;
  return { system, tools, messages, tool_choice };
}

/**
 * The messages `request` adds to the conversation `earlier` sent, or undefined when it is
 * not a continuation of it (another system prompt, other tools, earlier messages changed).
 */
function addedMessages(earlier: ApiRequest, request: ApiRequest): unknown[] | undefined {
  const before = earlier['messages'];
  const now = request['messages'];
  if (!Array.isArray(before) || !Array.isArray(now) || now.length <= before.length) return;
  const same = (key: string) => JSON.stringify(earlier[key]) === JSON.stringify(request[key]);
  if (!same('system') || !same('tools') || !same('tool_choice')) return;
  if (JSON.stringify(now.slice(0, before.length)) !== JSON.stringify(before)) return;
  return now.slice(before.length);
}

/** A response's input tokens, cached ones included (a usage without them counts none). */
function inputOf(response: ApiResponse): number {
  const usage = response.usage as unknown as Record<string, unknown> | undefined;
  const count = (key: string) => {
    const n = usage?.[key];
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  };
  return (
    count('input_tokens') + count('cache_creation_input_tokens') + count('cache_read_input_tokens')
  );
}

/** Bytes of `text` in UTF-8. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
