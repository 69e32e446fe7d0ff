import type { RedactedThinkingBlock, ThinkingBlock } from '../api/messages.ts';

/**
 * How a transcript (the page's, its text copy, the CLI's) shows a reply's thinking in short:
 * the start of its text on one line, or what a block without readable text is.
 */
export function thinkingSummary(block: ThinkingBlock | RedactedThinkingBlock, max = 100): string {
  if (block.type === 'redacted_thinking') {
    return `encrypted by the API's safety systems (${block.data.length} characters of data)`;
  }
  const text = block.thinking.replace(/\s+/g, ' ').trim();
  if (text === '')
    return '(no text: the request asked for display "omitted"; the signature is kept)';
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
