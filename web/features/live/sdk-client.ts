import Anthropic, { type Middleware } from '@anthropic-ai/sdk';
import {
  createSdkSend as sdkSend,
  errorBody,
  MAX_RETRIES,
  MESSAGE_THREADS_BETA,
  type ModelSource,
} from '../../../core/index.ts';
import { isOffline, OFFLINE_TEXT } from './offline.ts';

/**
 * The page's client for the Messages API (core/live/sdk-send.ts sends through it), loaded only
 * once live mode is on. The key is handed in here and goes nowhere else: the runner frame and
 * learner code only ever receive the API's answers.
 */

export interface SdkClientOptions {
  apiKey: string;
  /** The API base URL (the SDK's default, a gateway, or the tests' stand-in). */
  baseURL: string;
}

/** The Messages API as a model source; `signal` aborts a request (and any retry waiting). */
export function createSdkSend({ apiKey, baseURL }: SdkClientOptions): ModelSource {
  const client = new Anthropic({
    apiKey,
    baseURL,
    dangerouslyAllowBrowser: true,
    maxRetries: MAX_RETRIES,
    // Nothing about a call (its headers carry the key) goes to the console.
    logLevel: 'off',
    openTelemetry: false,
  });
  const api = sdkSend<Parameters<Middleware>[0], Response>({
    create(request, watch, signal) {
      const controller = new AbortController();
      if (signal?.aborted) controller.abort();
      signal?.addEventListener('abort', () => controller.abort());
      // With `stream: true` this resolves to the SDK's Stream of events, which `answer` reads;
      // aborting the signal ends it mid-stream.
      const params = request as unknown as Anthropic.MessageCreateParams;
      // A threaded request (the tool runner's) needs its beta, which the SDK sends as a header.
      if (request.thread !== undefined) {
        const beta = { ...request, betas: [MESSAGE_THREADS_BETA] };
        return client.beta.messages.create(beta as unknown as Anthropic.Beta.MessageCreateParams, {
          signal: controller.signal,
          middleware: [watch],
        });
      }
      return client.messages.create(params, { signal: controller.signal, middleware: [watch] });
    },
    apiError: (error) =>
      error instanceof Anthropic.APIError && typeof error.status === 'number'
        ? { status: error.status, error: error.error, message: error.message }
        : undefined,
    noAnswer(error) {
      if (error instanceof Anthropic.APIUserAbortError) {
        return errorBody('aborted', 'The request was stopped.');
      }
      if (isOffline()) return errorBody('connection_error', OFFLINE_TEXT);
      const message = error instanceof Error ? error.message : String(error);
      return errorBody(
        'connection_error',
        `${message} No answer came: the network is down, the base URL is wrong, or the server refused this page (CORS).`,
      );
    },
  });
  // Live mode needs the network: said before anything is tried.
  return {
    answer: (request, options) =>
      isOffline()
        ? { ok: false, status: 0, body: errorBody('connection_error', OFFLINE_TEXT) }
        : api.answer(request, options),
  };
}
