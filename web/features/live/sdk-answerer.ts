import Anthropic from '@anthropic-ai/sdk';
import type { ApiAttempt, ApiResponse, ModelAnswer, ModelAnswerer } from '../../../core/index.ts';
import { refuseLocally } from '../../../core/live/index.ts';
import { explainFailure, retryAfterMs } from './api-errors.ts';
import { checkWallet, type WalletLimits, type WalletMeter } from './wallet.ts';

/**
 * The page's side of a live run: each model call the learner's code makes crosses to the page
 * as it does for a cassette, and is answered here by the real `@anthropic-ai/sdk` (this module
 * is loaded only once live mode is on). The key lives here and in the key store, never in the
 * sandbox: the code receives only the API's reply.
 */

export interface SdkAnswererOptions {
  apiKey: string;
  /** The API base URL (the SDK's default, a gateway, or the tests' stand-in). */
  baseURL: string;
  /** Sent in place of the request's model when set. */
  model?: string;
  limits: WalletLimits;
  /** After each answered call: the run's meter so far. */
  onMeter?(meter: WalletMeter): void;
  /** The API refused the key (401). */
  onKeyRejected?(): void;
}

/** The SDK's retries: its default, stated, so the transcript's "at most 2 retries" is ours. */
export const MAX_RETRIES = 2;

export function createSdkAnswerer(options: SdkAnswererOptions): ModelAnswerer {
  const client = new Anthropic({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    dangerouslyAllowBrowser: true,
    maxRetries: MAX_RETRIES,
    // Nothing about a call (its headers carry the key) goes to the console.
    logLevel: 'off',
    openTelemetry: false,
  });
  const meter: WalletMeter = { calls: 0, inputTokens: 0, outputTokens: 0 };
  let previous: ApiResponse | undefined;
  let requestNumber = 0;

  return async (request, { signal }): Promise<ModelAnswer> => {
    requestNumber++;
    const refused = refuseLocally(request, previous, requestNumber);
    if (refused) return refused;
    const limit = checkWallet(meter, options.limits);
    if (limit) return { ok: false, stop: limit };
    const body = options.model ? { ...request, model: options.model } : request;
    const model = typeof body.model === 'string' ? body.model : '';
    const attempts: ApiAttempt[] = [];
    const controller = new AbortController();
    if (signal.aborted) controller.abort();
    signal.addEventListener('abort', () => controller.abort());
    meter.calls++;
    try {
      const response = await client.messages.create(
        body as unknown as Anthropic.MessageCreateParamsNonStreaming,
        {
          signal: controller.signal,
          middleware: [
            async (outgoing, next) => {
              try {
                const answer = await next(outgoing);
                if (!answer.ok) attempts.push(await attemptOf(answer));
                return answer;
              } catch (error) {
                if (!controller.signal.aborted)
                  attempts.push({ status: 0, type: 'connection_error' });
                throw error;
              }
            },
          ],
        },
      );
      // A copy: the SDK's non-enumerable `_request_id` and anything else not JSON stay behind.
      const reply = JSON.parse(JSON.stringify(response)) as ApiResponse;
      previous = reply;
      meter.inputTokens += reply.usage.input_tokens;
      meter.outputTokens += reply.usage.output_tokens;
      options.onMeter?.({ ...meter });
      return { ok: true, response: reply, ...(attempts.length ? { attempts } : {}) };
    } catch (error) {
      return failed(error, attempts, model);
    }
  };

  function failed(error: unknown, attempts: ApiAttempt[], model: string): ModelAnswer {
    const isApi =
      error instanceof Anthropic.APIError && !(error instanceof Anthropic.APIConnectionError);
    const status = isApi && typeof error.status === 'number' ? error.status : 0;
    // Every attempt but the last was retried.
    const retries = attempts.slice(0, -1);
    const apiError = explainFailure({
      status,
      type: isApi ? error.type : undefined,
      message: isApi ? error.apiMessage : undefined,
      baseURL: options.baseURL,
      model,
      retries,
    });
    if (status === 401) options.onKeyRejected?.();
    return {
      ok: false,
      status,
      body: { type: 'error', error: { type: apiError.type, message: apiError.message } },
      apiError,
      ...(retries.length ? { attempts: retries } : {}),
    };
  }
}

async function attemptOf(response: Response): Promise<ApiAttempt> {
  const attempt: ApiAttempt = { status: response.status };
  const wait = retryAfterMs(response.headers.get('retry-after'));
  if (wait !== undefined) attempt.retryAfterMs = wait;
  try {
    const body = (await response.clone().json()) as { error?: { type?: unknown } };
    if (typeof body.error?.type === 'string') attempt.type = body.error.type;
  } catch {
    // Not JSON: the status says enough.
  }
  return attempt;
}
