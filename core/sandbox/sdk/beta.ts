import type { ApiRequest, ApiResponse } from '../../api/messages.ts';
import type { EventStream } from '../event-stream.ts';
import { createMessage, streamMessage } from '../worker-runtime.ts';
import { BetaToolRunner } from './tool-runner.ts';

/**
 * `client.beta.messages` in a run: `create` and `toolRunner`, as the real client has them
 * (node_modules/@anthropic-ai/sdk/src/resources/beta/messages/messages.ts, 1.14). `create` sends
 * `betas` as the SDK does, in the `anthropic-beta` header rather than the body, so the recorded
 * body is the one the API received; the cassette answers it as it does `messages.create`.
 */
export interface BetaMessages {
  create(params: ApiRequest, options?: Record<string, unknown>): Promise<ApiResponse | EventStream>;
  toolRunner(params: ApiRequest, options?: Record<string, unknown>): BetaToolRunner;
}

export function createBetaMessages(): BetaMessages {
  const create = (params: ApiRequest): Promise<ApiResponse | EventStream> => {
    // The header fields the SDK takes out of the body (`messagesCreateHeaders`).
    const { betas: _betas, user_profile_id: _profile, workspace_id: _workspace, ...body } = params;
    return body.stream === true ? streamMessage(body) : createMessage(body);
  };
  return {
    create,
    // `new Anthropic()` talks to a surface that holds message threads, so the runner runs over
    // one unless the params say `thread: false`.
    toolRunner: (params) =>
      new BetaToolRunner((request) => create(request) as Promise<ApiResponse>, params, true),
  };
}
