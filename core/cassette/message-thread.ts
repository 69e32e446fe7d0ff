import type { ApiRequest, ApiResponse } from '../api/messages.ts';
import { isJsonObject } from '../json/json-diff.ts';
import type { RequestIssue } from './request-issue.ts';

/**
 * Message threads as the API keeps them (the `message-threads-2026-08-12` beta): a request with
 * `thread: { type: 'create' }` sends the whole conversation, with `system` and `tools`, and the
 * API keeps it, with the reply, under the reply's `id`; a request with `thread: { type:
 * 'continue', previous_message_id }` sends only the messages since that reply, without `system`
 * and `tools`, and the API rebuilds the rest before it checks and answers it. The SDK's tool
 * runner runs over a thread by default. The request checks see the rebuilt request, so a
 * threaded one is checked as the whole conversation the model reads.
 *
 * A reply can be continued once: the API refuses a second `continue` of it with a 400
 * (`thread_already_continued`). It answers an unknown `previous_message_id` with a 404
 * (`thread_not_found`), which is refused here as the other request checks are, with a 400.
 */

interface Stored {
  /** The conversation as rebuilt: the request's fields, its messages and the reply. */
  request: ApiRequest;
  reply: ApiResponse;
  continued: boolean;
}

/** A request as rebuilt; a `continue` also gives the reply it follows (a paused one goes on). */
export type Expanded =
  { ok: true; request: ApiRequest; previous?: ApiResponse } | { ok: false; issue: RequestIssue };

export interface ThreadStore {
  /** The request as the API rebuilds it: unthreaded requests as they are, without `thread`. */
  expand(request: ApiRequest): Expanded;
  /** Keeps a threaded request's conversation, with `response`, for a `continue` of it. */
  record(request: ApiRequest, expanded: ApiRequest, response: ApiResponse): void;
}

const explain = {
  unknown:
    'A `continue` names the `id` of the reply it follows: send `previous_message_id` as the id of the last reply, or start a new thread with the whole conversation and `thread: { type: "create" }`.',
  twice:
    'Each reply of a thread can be continued once: continue from the newest reply, or start a new thread with the whole conversation.',
  createOnly:
    'A `continue` takes `system` and `tools` from the thread, as the request that created it sent them: leave them out.',
  shape: 'Set `thread` as `{ type: "create" }` or `{ type: "continue", previous_message_id }`.',
};

export function createThreadStore(): ThreadStore {
  const stored = new Map<string, Stored>();

  function expand(request: ApiRequest): Expanded {
    const { thread, ...rest } = request;
    if (thread === undefined) return { ok: true, request };
    if (!isJsonObject(thread) || (thread.type !== 'create' && thread.type !== 'continue')) {
      const message = "thread.type: Input should be 'create' or 'continue'";
      return { ok: false, issue: { message, explanation: explain.shape } };
    }
    if (thread.type === 'create') return { ok: true, request: rest };
    const id = thread.previous_message_id;
    const kept = typeof id === 'string' ? stored.get(id) : undefined;
    if (!kept) {
      const message = `thread.previous_message_id: No usable Thread state was found for previous_message_id ${JSON.stringify(id)}. Replay the full conversation with thread: {"type": "create"} to start a new Thread.`;
      return { ok: false, issue: { message, explanation: explain.unknown } };
    }
    if (kept.continued) {
      const message = `thread.previous_message_id: The response that previous_message_id names has already been continued, and each response can be continued only once.`;
      return { ok: false, issue: { message, explanation: explain.twice } };
    }
    const repeated = (['system', 'tools'] as const).filter((field) => field in rest);
    if (repeated.length > 0) {
      const message = `${repeated[0]}: must not be set when continuing a thread; the thread keeps the value from its create request.`;
      return { ok: false, issue: { message, explanation: explain.createOnly } };
    }
    const messages = Array.isArray(rest.messages) ? rest.messages : [];
    const { messages: before, system, tools } = kept.request;
    return {
      ok: true,
      previous: kept.reply,
      request: {
        ...rest,
        ...(system !== undefined && { system }),
        ...(tools !== undefined && { tools }),
        messages: [...(before as unknown[]), ...messages],
      },
    };
  }

  function record(request: ApiRequest, expanded: ApiRequest, response: ApiResponse): void {
    const { thread } = request;
    if (!isJsonObject(thread)) return;
    if (thread.type === 'continue') {
      const kept = stored.get(String(thread.previous_message_id));
      if (kept) kept.continued = true;
    }
    const reply = { role: 'assistant', content: response.content };
    const messages = [...(expanded.messages as unknown[]), reply];
    stored.set(response.id, {
      request: { ...expanded, messages },
      reply: response,
      continued: false,
    });
  }

  return { expand, record };
}
