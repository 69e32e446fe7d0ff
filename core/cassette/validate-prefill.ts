import type { ApiResponse } from '../api/messages.ts';
import { jsonEqual } from '../json/json-diff.ts';
import type { RequestIssue, ShapedMessage } from './request-issue.ts';

/**
 * Claude 4.6 and later refuse a request that ends with an assistant message ("prefill"),
 * with one exception: a turn that stopped with `pause_turn` is resumed by sending it back,
 * as it came, as the last message.
 */

const refusal =
  'This model does not support assistant message prefill. The conversation must end with a user message.';

const explain = {
  prefill:
    "The request ends with an assistant message. Claude 4.6 and later refuse that (it would ask the model to continue your text): after appending the model's reply, the next request needs a user message after it, such as the tool results or what the user typed.",
  paused:
    'The request ends with an assistant message that is not the paused turn: to resume after pause_turn, send the paused reply back exactly as it came, as the last message, with nothing added to it.',
  finished: (stopReason: string) =>
    `The model had ended its turn (stop_reason "${stopReason}"), and the loop called it again with that reply as the last message: stop when stop_reason is not "tool_use". (Claude 4.6 and later refuse a request that ends with an assistant message.)`,
};

/**
 * Whether `model` is one that refuses prefill: `claude-<family>-<major>[-<minor>]`, 4.6 or
 * later. Older names (`claude-3-7-sonnet-...`, `claude-sonnet-4-5`) still accept it.
 */
export function refusesPrefill(model: string): boolean {
  const version = /^claude-[a-z]+-(\d+)(?:-(\d{1,2}))?(?:-\d{8})?$/.exec(model);
  if (!version) return false;
  const major = Number(version[1]);
  const minor = Number(version[2] ?? 0);
  return major > 4 || (major === 4 && minor >= 6);
}

/**
 * Refuses a final assistant message, unless it resumes the turn the last response paused.
 * `previous` is the response the conversation got last, if any.
 */
export function checkPrefill(
  model: string,
  messages: readonly ShapedMessage[],
  previous: ApiResponse | undefined,
): RequestIssue | undefined {
  const last = messages.at(-1);
  if (last?.role !== 'assistant' || !refusesPrefill(model)) return;
  const again = previous !== undefined && jsonEqual(blocks(last.content), previous.content);
  if (previous?.stop_reason === 'pause_turn') {
    return again ? undefined : { message: refusal, explanation: explain.paused };
  }
  const explanation =
    again && previous.stop_reason !== 'tool_use'
      ? explain.finished(previous.stop_reason)
      : explain.prefill;
  return { message: refusal, explanation };
}

function blocks(content: ShapedMessage['content']): unknown {
  return typeof content === 'string' ? [{ type: 'text', text: content }] : content;
}
