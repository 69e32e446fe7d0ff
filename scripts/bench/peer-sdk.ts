/**
 * `@anthropic-ai/sdk` for the lean peer (lean-peer.ts) when it runs a lesson whose code imports
 * the SDK (streaming-replies): the client's `messages.create` (whole or `stream: true`) and
 * `messages.stream` answered in the same process by whatever the peer set as the current case's
 * model, and the SDK's error classes. No request checks, no worker: the least such a run does.
 */
import type { ApiRequest, ApiResponse } from '../../core/api/messages.ts';
import type { EventStream } from '../../core/sandbox/event-stream.ts';
import { MessageStream } from '../../core/sandbox/sdk/message-stream.ts';

/** The current case's model: the peer sets it before each case. */
export type PeerModel = (request: ApiRequest) => Promise<ApiResponse | EventStream>;
const scope = globalThis as { __leanPeerModel?: PeerModel };

function model(request: ApiRequest): Promise<ApiResponse | EventStream> {
  if (!scope.__leanPeerModel) return Promise.reject(new Error('no case is running'));
  return scope.__leanPeerModel(request);
}

export class Anthropic {
  readonly messages = {
    create: (params: ApiRequest) => model(params),
    stream: (params: ApiRequest) =>
      new MessageStream(params, (request) => model(request) as Promise<EventStream>),
  };
}

export default Anthropic;
export * from '../../core/sandbox/sdk/errors.ts';
