/**
 * Rough token counts for authoring cassettes, fitted to the course's recordings: a system
 * prompt for tool use, then so many characters of tool definitions and of conversation per
 * token. Good enough for `usage` that grows as a real conversation's does; not a tokenizer.
 */

const chars = (value: unknown) => JSON.stringify(value ?? null).length;

/** The whole input of a request: its tools, its system prompt (when it has one) and its messages. */
export function estimateInputTokens(request: Record<string, unknown>): number {
  const system = request.system === undefined ? 0 : chars(request.system) / 3.5;
  return Math.round(340 + chars(request.tools) / 4.8 + system + chars(request.messages) / 3);
}

/**
 * `usage.output_tokens` for a reply's content: its text, each tool call with its input, and its
 * thinking (billed as output; a redacted block's by the size of its encrypted data).
 */
export function estimateOutputTokens(content: readonly object[]): number {
  let tokens = 0;
  for (const block of content as readonly Record<string, unknown>[]) {
    if (block.type === 'text') tokens += String(block.text).length / 3.5;
    if (block.type === 'tool_use') tokens += 35 + chars(block.input) / 2.4;
    if (block.type === 'thinking') tokens += 12 + String(block.thinking).length / 3.5;
    if (block.type === 'redacted_thinking') tokens += String(block.data).length / 6;
  }
  return Math.max(1, Math.round(tokens));
}
