import { isJsonObject as isJson } from '../../core/json/json-diff.ts';
import { newMessageId } from './api-errors.ts';
import type { ContentBlock, ScriptedReply } from './script-steps.ts';

/**
 * Turns a scripted or recorded reply into a whole response as the API sends it today: every
 * field the SDK's `Message` type says is always there, so code that stores or records
 * responses meets the real shape (cassettes keep fewer fields).
 */

type Json = Record<string, unknown>;

/** Fills what the reply leaves out: id, model (the request's), stop_reason, usage and the rest. */
export function completeResponse(reply: ScriptedReply, request: Json): Json {
  const { usage, content, ...given } = reply;
  const hasToolUse = content.some((block) => block.type === 'tool_use');
  return {
    id: newMessageId(),
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: hasToolUse ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    stop_details: null,
    container: null,
    diagnostics: null,
    ...given,
    usage: { ...estimateUsage(request, content), ...(isJson(usage) ? usage : {}) },
  };
}

/**
 * Token counts that depend only on the text (about 4 characters a token), so the same
 * conversation always costs the same, and a longer one more.
 */
function estimateUsage(request: Json, content: ContentBlock[]): Json {
  const { system, tools, messages } = request;
  return {
    input_tokens: Math.ceil(JSON.stringify({ system, tools, messages }).length / 4),
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
    output_tokens: Math.ceil(JSON.stringify(content).length / 4),
    output_tokens_details: null,
    server_tool_use: null,
    service_tier: 'standard',
    inference_geo: null,
    speed: null,
  };
}

/** The reply when nothing is scripted: it names the last user message, and ends the turn. */
export function defaultReply(request: Json): ScriptedReply {
  const said = lastUserWords(request.messages);
  return {
    content: [{ type: 'text', text: `The API stand-in received: ${JSON.stringify(said)}` }],
    stop_reason: 'end_turn',
  };
}

/** The text of the last user message, or the content of its tool results when it has no text. */
function lastUserWords(messages: unknown): string {
  const last = Array.isArray(messages)
    ? [...messages].reverse().find((message) => isJson(message) && message.role === 'user')
    : undefined;
  const content: unknown = isJson(last) ? last.content : undefined;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const blocks = content.filter(isJson);
  const texts = blocks.filter((block) => block.type === 'text').map((block) => block.text);
  const results = blocks
    .filter((block) => block.type === 'tool_result')
    .map((block) => block.content);
  const words = texts.length > 0 ? texts : results;
  return words.map((word) => (typeof word === 'string' ? word : JSON.stringify(word))).join(' ');
}
