import type { IncomingHttpHeaders } from 'node:http';
import { MESSAGE_THREADS_BETA, type ApiResponse } from '../../core/api/messages.ts';
import type { TimedEvent } from '../../core/api/stream-events.ts';
import { isJsonObject } from '../../core/json/json-diff.ts';
import { streamOf } from '../stream-of.ts';
import { validateRequest } from '../../core/cassette/validate-request.ts';
import type { ThreadStore } from '../../core/cassette/message-thread.ts';
import { failure, type ApiFailure } from './api-errors.ts';
import { checkAccess } from './check-access.ts';
import { completeResponse, defaultReply } from './complete-response.ts';
import type { ScriptQueues } from './script-queues.ts';

/**
 * How the stand-in answers `POST /v1/messages`, in the order the API checks: headers (page
 * access, key, version), the body, the course's own request validation (the cassette's
 * wording), the model, and only then the script. A refused request uses up no scripted step.
 */

export interface MessagesContext {
  isKnownKey(key: string): boolean;
  /** When set, any other model gets the API's 404. */
  models?: readonly string[];
  queues: ScriptQueues;
  /** The conversations of threaded requests, by the id of their last reply. */
  threads: ThreadStore;
  /**
   * The replies sent so far: the thinking blocks a request sends back must be among theirs, as
   * the API knows its own by their signatures.
   */
  replies: ApiResponse[];
}

/**
 * The answer to send after `delayMs`: a response, or an error. A request with `stream: true`
 * gets the response as server-sent events, `stream`: a cassette's own, or made from it.
 */
export type MessagesAnswer = { delayMs: number } & (
  { response: Record<string, unknown>; stream?: TimedEvent[] } | { failure: ApiFailure }
);

export function answerMessages(
  headers: IncomingHttpHeaders,
  bodyText: string,
  context: MessagesContext,
): MessagesAnswer {
  const refuse = (fail: ApiFailure) => ({ delayMs: 0, failure: fail });
  const access = checkAccess(headers, context.isKnownKey);
  if (!access.ok) return refuse(access.failure);
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return refuse(failure(400, `The request body is not valid JSON: ${reason}`));
  }
  const request = isJsonObject(body) ? body : {};
  if (request.thread !== undefined && !betas(headers).includes(MESSAGE_THREADS_BETA)) {
    // Without its beta the field is unknown to the API.
    return refuse(failure(400, 'thread: Extra inputs are not permitted'));
  }
  const threaded = context.threads.expand(request);
  if (!threaded.ok) return refuse(failure(400, threaded.issue.message));
  const issue = validateRequest(threaded.request, threaded.previous, context.replies);
  if (issue) return refuse(failure(400, issue.message));
  const model = String(request.model);
  if (context.models && !context.models.includes(model)) {
    return refuse(failure(404, `model: ${model}`));
  }
  const scripted = context.queues.take(request, access.key);
  if (scripted && 'failure' in scripted) return scripted;
  const reply = scripted?.reply ?? defaultReply(request);
  const response = completeResponse(reply, threaded.request);
  context.threads.record(request, threaded.request, response as unknown as ApiResponse);
  context.replies.push(response as unknown as ApiResponse);
  const delayMs = scripted?.delayMs ?? 0;
  if (request.stream !== true) return { delayMs, response };
  const recorded = scripted && 'stream' in scripted ? scripted.stream : undefined;
  return { delayMs, response, stream: recorded ?? streamOf(response as unknown as ApiResponse) };
}

/** The betas the request names in its `anthropic-beta` header. */
function betas(headers: IncomingHttpHeaders): string[] {
  const value = headers['anthropic-beta'];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.split(',').map((beta) => beta.trim());
}
