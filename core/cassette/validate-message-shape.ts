import { isJsonObject } from '../json/json-diff.ts';
import type { RequestIssue } from './request-issue.ts';

/**
 * The shape of one message and its content blocks, checked the way the Messages API's
 * schema checks it and reported in its words (`messages.1.content.0.tool_use.id: Field required`).
 */

/** Block types the Messages API accepts in a message; five are checked further. */
const messageBlockTags = [
  'text',
  'image',
  'document',
  'search_result',
  'thinking',
  'redacted_thinking',
  'tool_use',
  'tool_result',
  'server_tool_use',
  'web_search_tool_result',
];
const resultBlockTags = ['text', 'image', 'search_result', 'document'];

const required = 'Field required';
const notAnObject = 'Input should be a valid dictionary or object to extract fields from';

const explain = {
  message:
    'Each entry of `messages` must be an object {role, content}: check what your loop pushes onto the array.',
  role: "Every message needs role 'user' or 'assistant' (a system prompt goes in the request's top-level `system` field).",
  content:
    "A message's content is a string or a list of content blocks: push the model's reply as {role: 'assistant', content: response.content}.",
  block:
    "Each content block is an object tagged by `type`, such as {type: 'text', text} or {type: 'tool_result', tool_use_id, content}: check the spelling of `type`.",
  text: 'A text block needs its `text` as a string.',
  hole: 'A content block was sent as `null`: JSON writes a hole in an array (an index never set) as null. Keep every block of the reply at its index, whatever its type.',
  toolUse:
    "A tool_use block is the model's own: send it back exactly as it came in response.content, with its id, name and input.",
  toolUseId:
    "A tool_result must name the call it answers: set `tool_use_id` to the tool_use block's `id`.",
  resultContent:
    "A tool_result's content must be a string or a list of text blocks: turn the tool's output into a string (JSON.stringify an object) before sending it.",
  isError: 'is_error is a boolean: set it to true when the tool failed, or leave it out.',
  thinking:
    "A thinking block is the model's own: send it back exactly as it came in response.content, its thinking with its signature (a redacted_thinking block with its data).",
};

export function checkMessageShape(message: unknown, index: number): RequestIssue | undefined {
  const at = `messages.${index}`;
  if (!isJsonObject(message))
    return { message: `${at}: ${notAnObject}`, explanation: explain.message };
  const { role, content } = message;
  if (role === undefined) return { message: `${at}.role: ${required}`, explanation: explain.role };
  if (role !== 'user' && role !== 'assistant') {
    return {
      message: `${at}.role: Input should be 'user' or 'assistant'`,
      explanation: explain.role,
    };
  }
  if (content === undefined)
    return { message: `${at}.content: ${required}`, explanation: explain.content };
  if (typeof content === 'string') return;
  if (!Array.isArray(content)) {
    return { message: `${at}.content: Input should be a valid list`, explanation: explain.content };
  }
  for (const [j, block] of content.entries()) {
    const issue = checkBlock(block, `${at}.content.${j}`, messageBlockTags, explain.block);
    if (issue) return issue;
  }
}

function checkBlock(
  block: unknown,
  at: string,
  tags: string[],
  explanation: string,
): RequestIssue | undefined {
  if (!isJsonObject(block)) {
    return {
      message: `${at}: ${notAnObject}`,
      explanation: block === null ? explain.hole : explanation,
    };
  }
  const { type } = block;
  if (type === undefined) {
    return { message: `${at}: Unable to extract tag using discriminator 'type'`, explanation };
  }
  if (typeof type !== 'string' || !tags.includes(type)) {
    const expected = tags.map((tag) => `'${tag}'`).join(', ');
    const message = `${at}: Input tag '${String(type)}' found using 'type' does not match any of the expected tags: ${expected}`;
    return { message, explanation };
  }
  const fields = `${at}.${type}`;
  switch (type) {
    case 'text':
      return checkString(block, fields, 'text', explain.text);
    case 'tool_use':
      return checkToolUse(block, fields);
    case 'tool_result':
      return (
        checkString(block, fields, 'tool_use_id', explain.toolUseId) ??
        checkToolResult(block, fields)
      );
    case 'thinking':
      return (
        checkString(block, fields, 'signature', explain.thinking) ??
        checkString(block, fields, 'thinking', explain.thinking)
      );
    case 'redacted_thinking':
      return checkString(block, fields, 'data', explain.thinking);
  }
}

function checkToolUse(block: Record<string, unknown>, at: string): RequestIssue | undefined {
  const explanation = explain.toolUse;
  const issue =
    checkString(block, at, 'id', explanation) ?? checkString(block, at, 'name', explanation);
  if (issue) return issue;
  if (block.input === undefined) return { message: `${at}.input: ${required}`, explanation };
  if (!isJsonObject(block.input)) {
    return { message: `${at}.input: Input should be a valid dictionary`, explanation };
  }
}

function checkToolResult(block: Record<string, unknown>, at: string): RequestIssue | undefined {
  const { content, is_error: isError } = block;
  if (Array.isArray(content)) {
    for (const [k, inner] of content.entries()) {
      const issue = checkBlock(inner, `${at}.content.${k}`, resultBlockTags, explain.resultContent);
      if (issue) return issue;
    }
  } else if (content !== undefined && typeof content !== 'string') {
    return {
      message: `${at}.content: Input should be a valid list`,
      explanation: explain.resultContent,
    };
  }
  if (isError !== undefined && typeof isError !== 'boolean') {
    return {
      message: `${at}.is_error: Input should be a valid boolean`,
      explanation: explain.isError,
    };
  }
}

function checkString(
  block: Record<string, unknown>,
  at: string,
  field: string,
  explanation: string,
): RequestIssue | undefined {
  const value = block[field];
  if (value === undefined) return { message: `${at}.${field}: ${required}`, explanation };
  if (typeof value !== 'string') {
    return { message: `${at}.${field}: Input should be a valid string`, explanation };
  }
}
