/**
 * The error classes of `@anthropic-ai/sdk` (1.14.0, `src/core/error.ts`), with the same names,
 * hierarchy, fields and messages, so code written against the real SDK catches and reads a
 * cassette's 400 exactly as it would the API's: `err instanceof Anthropic.BadRequestError`,
 * `err.status`, `err.error.error.message`.
 */

/** The slice of the Fetch API's `Headers` an error carries. */
export interface HeadersLike {
  get(name: string): string | null;
}

export class AnthropicError extends Error {
  static readonly _errorName: string = 'AnthropicError';
  constructor(message?: string, options?: { cause?: unknown }) {
    super(message, options);
    const target = new.target as unknown as { _errorName: string };
    Object.defineProperty(this, 'name', {
      value: target._errorName,
      writable: true,
      configurable: true,
    });
  }
}

interface ErrorBody {
  message?: unknown;
  error?: { message?: unknown; type?: unknown; details?: { error_code?: unknown } };
}

export class APIError extends AnthropicError {
  /** HTTP status for the response that caused the error. */
  readonly status: number | undefined;
  /** HTTP headers for the response that caused the error. */
  readonly headers: HeadersLike | undefined;
  /** JSON body of the response that caused the error. */
  readonly error: unknown;
  readonly requestID: string | null | undefined;
  readonly workspaceID: string | null | undefined;
  /** `error.message` from the response body, if present. */
  readonly apiMessage: string | null;
  /** `error.type` from the response body, if present. */
  readonly type: string | null;
  /** `error.details.error_code` from the response body, if present and a string. */
  readonly errorCode: string | null;
  /** `error.details` from the response body, if present. */
  readonly details: unknown;

  constructor(
    status: number | undefined,
    error: unknown,
    message: string | undefined,
    headers: HeadersLike | undefined,
    type?: string | null,
  ) {
    super(APIError.makeMessage(status, error, message));
    this.status = status;
    this.headers = headers;
    this.requestID = headers?.get('request-id');
    this.workspaceID = headers?.get('anthropic-workspace-id');
    this.error = error;
    const body = (error ?? {}) as ErrorBody;
    this.apiMessage = typeof body.error?.message === 'string' ? body.error.message : null;
    this.type = type ?? (typeof body.error?.type === 'string' ? body.error.type : null);
    const errorCode = body.error?.details?.error_code;
    this.errorCode = typeof errorCode === 'string' ? errorCode : null;
    this.details = body.error?.details ?? null;
  }

  private static makeMessage(status: number | undefined, error: unknown, message?: string) {
    const body = error as ErrorBody | undefined;
    const msg = body?.message
      ? typeof body.message === 'string'
        ? body.message
        : JSON.stringify(body.message)
      : error
        ? JSON.stringify(error)
        : message;
    if (status && msg) return `${status} ${msg}`;
    if (status) return `${status} status code (no body)`;
    if (msg) return msg;
    return '(no status code or body)';
  }

  /** The error the SDK throws for a response with this status. */
  static generate(
    status: number | undefined,
    errorResponse: unknown,
    message: string | undefined,
    headers: HeadersLike | undefined,
  ): APIError {
    if (!status || !headers) {
      return new APIConnectionError({ message, cause: errorResponse as Error | undefined });
    }
    const errorClass = STATUS_ERROR_CLASSES.get(status);
    if (errorClass) return new errorClass(status, errorResponse, message, headers);
    if (status >= 500) return new InternalServerError(status, errorResponse, message, headers);
    return new APIError(status, errorResponse, message, headers);
  }

  static override readonly _errorName: string = 'APIError';
}

export class APIUserAbortError extends APIError {
  constructor({ message }: { message?: string } = {}) {
    super(undefined, undefined, message || 'Request was aborted.', undefined);
  }
  static override readonly _errorName: string = 'APIUserAbortError';
}

export class APIConnectionError extends APIError {
  constructor({ message, cause }: { message?: string | undefined; cause?: Error | undefined }) {
    super(undefined, undefined, message || 'Connection error.', undefined);
    if (cause) (this as { cause?: unknown }).cause = cause;
  }
  static override readonly _errorName: string = 'APIConnectionError';
}

export class APIConnectionTimeoutError extends APIConnectionError {
  constructor({ message }: { message?: string } = {}) {
    super({ message: message ?? 'Request timed out.' });
  }
  static override readonly _errorName: string = 'APIConnectionTimeoutError';
}

export class RetryableError extends AnthropicError {
  constructor(message?: string, { cause }: { cause?: unknown } = {}) {
    super(message ?? 'Retryable error.');
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }
  static override readonly _errorName: string = 'RetryableError';
}

export class BadRequestError extends APIError {
  static override readonly _errorName: string = 'BadRequestError';
}
export class AuthenticationError extends APIError {
  static override readonly _errorName: string = 'AuthenticationError';
}
export class PaymentRequiredError extends APIError {
  static override readonly _errorName: string = 'PaymentRequiredError';
}
export class PermissionDeniedError extends APIError {
  static override readonly _errorName: string = 'PermissionDeniedError';
}
export class NotFoundError extends APIError {
  static override readonly _errorName: string = 'NotFoundError';
}
export class RequestTimeoutError extends APIError {
  static override readonly _errorName: string = 'RequestTimeoutError';
}
export class ConflictError extends APIError {
  static override readonly _errorName: string = 'ConflictError';
}
export class PreconditionFailedError extends APIError {
  static override readonly _errorName: string = 'PreconditionFailedError';
}
export class ContentTooLargeError extends APIError {
  static override readonly _errorName: string = 'ContentTooLargeError';
}
export class UnprocessableEntityError extends APIError {
  static override readonly _errorName: string = 'UnprocessableEntityError';
}
export class RateLimitError extends APIError {
  static override readonly _errorName: string = 'RateLimitError';
}
export class RequestHeaderFieldsTooLargeError extends APIError {
  static override readonly _errorName: string = 'RequestHeaderFieldsTooLargeError';
}
export class ClientClosedRequestError extends APIError {
  static override readonly _errorName: string = 'ClientClosedRequestError';
}
export class InternalServerError extends APIError {
  static override readonly _errorName: string = 'InternalServerError';
}
export class NotImplementedError extends InternalServerError {
  static override readonly _errorName: string = 'NotImplementedError';
}
export class ServiceUnavailableError extends InternalServerError {
  static override readonly _errorName: string = 'ServiceUnavailableError';
}
export class GatewayTimeoutError extends InternalServerError {
  static override readonly _errorName: string = 'GatewayTimeoutError';
}
export class OverloadedError extends InternalServerError {
  static override readonly _errorName: string = 'OverloadedError';
}

type StatusErrorClass = new (
  status: number,
  error: unknown,
  message: string | undefined,
  headers: HeadersLike | undefined,
) => APIError;

const STATUS_ERROR_CLASSES = new Map<number, StatusErrorClass>([
  [400, BadRequestError],
  [401, AuthenticationError],
  [402, PaymentRequiredError],
  [403, PermissionDeniedError],
  [404, NotFoundError],
  [408, RequestTimeoutError],
  [409, ConflictError],
  [412, PreconditionFailedError],
  [413, ContentTooLargeError],
  [422, UnprocessableEntityError],
  [429, RateLimitError],
  [431, RequestHeaderFieldsTooLargeError],
  [499, ClientClosedRequestError],
  [501, NotImplementedError],
  [503, ServiceUnavailableError],
  [504, GatewayTimeoutError],
  [529, OverloadedError],
]);

/** The headers of a cassette's answer: a real `Headers` where the host has one. */
export function responseHeaders(): HeadersLike {
  const HeadersClass = (
    globalThis as { Headers?: new (init: Record<string, string>) => HeadersLike }
  ).Headers;
  const init = { 'content-type': 'application/json' };
  if (HeadersClass) return new HeadersClass(init);
  return { get: (name) => (name.toLowerCase() === 'content-type' ? init['content-type'] : null) };
}
