import type { ApiRequest, ApiResponse } from '../../api/messages.ts';
import { ApiError, createMessage } from '../worker-runtime.ts';

/**
 * What `import Anthropic from '@anthropic-ai/sdk'` resolves to when a lesson runs: the same
 * call shape as the real client, with the cassette behind `messages.create`. The editor and
 * the lesson check type the learner's code against the real package, so the same file runs
 * unchanged against the real API.
 */
export default class Anthropic {
  static APIError = ApiError;
  readonly messages = {
    create: (params: ApiRequest): Promise<ApiResponse> => createMessage(params),
  };
  constructor(_options?: Record<string, unknown>) {}
}

export { ApiError as APIError };
