import type { ModelAnswer, ModelSource } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { baseUrlProblem } from './allowed-origins.ts';
import { keyStore } from './key-store.ts';

/**
 * The page's live connection: one Messages API request at a time, with the learner's key (the
 * key store) and live settings (base URL), through the real SDK, loaded on first use. Live
 * runs use it through their session (live-run.ts); other page features (the tutor's live tier)
 * may ask `liveApi` directly. Nothing here reaches the runner frame or learner code.
 */

let client: { apiKey: string; baseURL: string; api: ModelSource } | undefined;

/** The SDK client for the current key and base URL, made again when either changed. */
async function currentApi(apiKey: string, baseURL: string): Promise<ModelSource> {
  if (client?.apiKey !== apiKey || client.baseURL !== baseURL) {
    const { createSdkSend } = await import('./sdk-client.ts');
    client = { apiKey, baseURL, api: createSdkSend({ apiKey, baseURL }) };
  }
  return client.api;
}

/** Whether a key is there to send with (the learner gave one in this tab, or remembered one). */
export const hasLiveKey = (): boolean => keyStore.get() !== undefined;

/**
 * Sends one Messages request (`POST /v1/messages`) with the stored key and settings. Resolves,
 * never rejects: the response, or the API's error as it gave it (status 0 when no response
 * came: offline, a network or CORS failure, `signal` aborted it). Without a key, or with a
 * base URL this build's policy does not allow, nothing is sent.
 */
export const liveApi: ModelSource = {
  async answer(request, options = {}): Promise<ModelAnswer> {
    const apiKey = keyStore.get();
    const { baseURL } = useAppStore.getState().liveSettings;
    const refuse = (type: string, message: string): ModelAnswer => ({
      ok: false,
      status: 0,
      body: { type: 'error', error: { type, message } },
    });
    if (!apiKey) return refuse('no_key', 'No API key: turn Live on and enter your key.');
    const problem = baseUrlProblem(baseURL);
    if (problem) return refuse('base_url', `Nothing was sent. ${problem}`);
    try {
      return await (await currentApi(apiKey, baseURL)).answer(request, options);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return refuse('connection_error', `Live mode could not load the Anthropic SDK: ${message}`);
    }
  },
};
