import type { ApiErrorBody, ApiRequest, ApiResponse } from '../api/messages.ts';
import type { CassetteRejection } from '../cassette/session.ts';

/**
 * What answers a run's model calls on the host's side of the boundary: a cassette when a case
 * is graded (`createCassetteSession`), the real API in live mode (`createLiveSession`).
 */
export interface ModelSource {
  /** Answers one request, at once (a cassette) or later (the network). */
  answer(request: ApiRequest): ModelAnswer | Promise<ModelAnswer>;
  /** A sentence on recorded calls the loop never made, or undefined (cassettes only). */
  unmadeCalls?(): string | undefined;
}

export type ModelAnswer =
  /** The model's response. */
  | { ok: true; response: ApiResponse }
  /** Refused on this side, with the 400 the API would give (nothing was sent). */
  | { ok: false; rejection: CassetteRejection }
  /** The API's own error: status 0 when no response came at all (a network failure). */
  | { ok: false; status: number; body: ApiErrorBody }
  /** Not sent: the run ends here, cancelled (a wallet limit), and `stop` says why. */
  | { ok: false; stop: string };
