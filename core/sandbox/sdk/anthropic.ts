import type { ApiRequest, ApiResponse } from '../../api/messages.ts';
import type { EventStream } from '../event-stream.ts';
import { createMessage, streamMessage } from '../worker-runtime.ts';
import { MessageStream } from './message-stream.ts';
import { createBetaMessages } from './beta.ts';
import * as Errors from './errors.ts';

/**
 * What `import Anthropic from '@anthropic-ai/sdk'` (or `import { Anthropic, APIError }`)
 * resolves to when a lesson runs: the real client's call shape and error classes
 * (node_modules/@anthropic-ai/sdk/src/client.ts and core/error.ts, 1.14.0), with the cassette
 * behind `messages.create`. The editor and the lesson check type the learner's code against
 * the real package, so the same file runs unchanged against the real API.
 */
export class Anthropic {
  static Anthropic = this;
  static DEFAULT_TIMEOUT = 600000;

  static AnthropicError = Errors.AnthropicError;
  static APIError = Errors.APIError;
  static APIConnectionError = Errors.APIConnectionError;
  static APIConnectionTimeoutError = Errors.APIConnectionTimeoutError;
  static APIUserAbortError = Errors.APIUserAbortError;
  static RetryableError = Errors.RetryableError;
  static NotFoundError = Errors.NotFoundError;
  static ConflictError = Errors.ConflictError;
  static RateLimitError = Errors.RateLimitError;
  static BadRequestError = Errors.BadRequestError;
  static OverloadedError = Errors.OverloadedError;
  static AuthenticationError = Errors.AuthenticationError;
  static RequestTimeoutError = Errors.RequestTimeoutError;
  static InternalServerError = Errors.InternalServerError;
  static NotImplementedError = Errors.NotImplementedError;
  static GatewayTimeoutError = Errors.GatewayTimeoutError;
  static PaymentRequiredError = Errors.PaymentRequiredError;
  static ContentTooLargeError = Errors.ContentTooLargeError;
  static PermissionDeniedError = Errors.PermissionDeniedError;
  static PreconditionFailedError = Errors.PreconditionFailedError;
  static ServiceUnavailableError = Errors.ServiceUnavailableError;
  static UnprocessableEntityError = Errors.UnprocessableEntityError;
  static ClientClosedRequestError = Errors.ClientClosedRequestError;
  static RequestHeaderFieldsTooLargeError = Errors.RequestHeaderFieldsTooLargeError;

  readonly baseURL = 'https://api.anthropic.com';
  readonly maxRetries: number;
  readonly timeout: number;

  readonly messages = {
    /**
     * Answered by the cassette; a refused request rejects with `BadRequestError` (400). With
     * `stream: true` it resolves with the reply's raw events to read (the SDK's `Stream`).
     */
    create: (
      params: ApiRequest,
      _options?: Record<string, unknown>,
    ): Promise<ApiResponse | EventStream> =>
      params.stream === true ? streamMessage(params) : createMessage(params),
    /** The SDK's `MessageStream` helper over the same streamed reply (see message-stream.ts). */
    stream: (params: ApiRequest, _options?: Record<string, unknown>): MessageStream =>
      new MessageStream(params, streamMessage),
  };

  /** `client.beta.messages`: `create` and the SDK's own loop, `toolRunner` (see beta.ts). */
  readonly beta = { messages: createBetaMessages() };

  constructor(options: { maxRetries?: number; timeout?: number } & Record<string, unknown> = {}) {
    this.maxRetries = options.maxRetries ?? 2;
    this.timeout = options.timeout ?? Anthropic.DEFAULT_TIMEOUT;
  }
}

export default Anthropic;

export {
  AnthropicError,
  APIError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIUserAbortError,
  RetryableError,
  NotFoundError,
  ConflictError,
  RateLimitError,
  BadRequestError,
  OverloadedError,
  AuthenticationError,
  RequestTimeoutError,
  InternalServerError,
  NotImplementedError,
  GatewayTimeoutError,
  PaymentRequiredError,
  ContentTooLargeError,
  PermissionDeniedError,
  PreconditionFailedError,
  ServiceUnavailableError,
  UnprocessableEntityError,
  ClientClosedRequestError,
  RequestHeaderFieldsTooLargeError,
} from './errors.ts';
