import type Anthropic from '@anthropic-ai/sdk';
import type { Middleware } from '@anthropic-ai/sdk';
import {
  createSdkSend,
  errorBody,
  MAX_RETRIES,
  MESSAGE_THREADS_BETA,
  type ModelSource,
  type RetryNotice,
  type StreamEvent,
} from '../../core/index.ts';
import { loadAnthropicSdk } from '../package-root.ts';

/**
 * The CLI's client for the Messages API (core/live/sdk-send.ts sends through it): the real
 * `@anthropic-ai/sdk`, in the CLI's own process. The key is read here and goes nowhere else:
 * the sandbox that runs learner code is started with an empty environment and only ever
 * receives the API's answers.
 */

export interface ApiClientOptions {
  apiKey: string;
  /** `ANTHROPIC_BASE_URL`, or undefined for the API's own. */
  baseURL: string | undefined;
  /** Aborts every request in flight, and any retry waiting, when the run ends. */
  signal: AbortSignal;
  onRetry(notice: RetryNotice): void;
  /** Each event of a streamed reply, as it arrives. */
  onStreamEvent?(event: StreamEvent): void;
}

/** The Messages API as the model source a live session calls, and the SDK client's base URL. */
export function createApiClient(options: ApiClientOptions): ModelSource & { baseURL: string } {
  const sdk = loadAnthropicSdk();
  const client = new sdk.Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL ?? null,
    maxRetries: MAX_RETRIES,
  });
  const api = createSdkSend<Parameters<Middleware>[0], Response>({
    create(request, watch) {
      // With `stream: true` this resolves to the SDK's Stream of events, which `answer` reads.
      const params = request as unknown as Anthropic.MessageCreateParams;
      // A threaded request (the tool runner's) needs its beta, which the SDK sends as a header.
      if (request.thread !== undefined) {
        const beta = { ...request, betas: [MESSAGE_THREADS_BETA] };
        return client.beta.messages.create(beta as unknown as Anthropic.Beta.MessageCreateParams, {
          signal: options.signal,
          middleware: [watch],
        });
      }
      return client.messages.create(params, { signal: options.signal, middleware: [watch] });
    },
    apiError: (error) =>
      error instanceof sdk.APIError && typeof error.status === 'number'
        ? { status: error.status, error: error.error, message: error.message }
        : undefined,
    noAnswer(error) {
      const message = error instanceof Error ? error.message : String(error);
      const name = error instanceof Error ? error.name : 'Error';
      const type = name === 'APIUserAbortError' ? 'aborted' : 'connection_error';
      return errorBody(type, cause(error) ?? message);
    },
    onRetry: options.onRetry,
    ...(options.onStreamEvent ? { onStreamEvent: options.onStreamEvent } : {}),
  });
  // Every request goes with the CLI's own signal and stream printer, whatever the run passes.
  return { baseURL: client.baseURL, answer: (request) => api.answer(request) };
}

/** The network's own words (ECONNREFUSED...) under the SDK's "Connection error.". */
function cause(error: unknown): string | undefined {
  const inner =
    error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  const deeper = (inner as { cause?: { message?: unknown } } | undefined)?.cause;
  const [first, ...rest] = [
    error instanceof Error ? error.message : '',
    inner?.message,
    deeper?.message,
  ].filter((t): t is string => typeof t === 'string' && t !== '');
  if (first === undefined) return;
  return rest.length > 0 ? `${first} (${rest.join(': ')})` : first;
}
