import type { LiveTutorConnection } from '../../core/index.ts';

/**
 * SEAM for the live tutor, until live mode's page side (issue 14, branch i14w) is on main.
 *
 * The live tutor needs one thing from live mode: a connection that says whether live mode is
 * on with a key, sends one Messages request with the page's key (never learner code), and
 * names the model. i14w's `web/features/live/live-connection.ts` exports exactly that shape
 * (`sendMessage(request, { signal })` resolving to a `SendResult`, and `hasLiveKey()`); once
 * it is merged, this function becomes:
 *
 *   available: () => useAppStore.getState().liveOn && hasLiveKey(),
 *   send: (request, options) => sendMessage(request, options),
 *   model: () => useAppStore.getState().liveSettings.model || TUTOR_MODEL,
 *
 * Until then there is no live mode on the page, so there is no connection and the tutor
 * answers offline.
 */
export function liveTutorConnection(): LiveTutorConnection | undefined {
  return undefined;
}

/** The model the tutor asks when live mode's setting leaves the model to the lesson's code. */
export const TUTOR_MODEL = 'claude-sonnet-5-5';
