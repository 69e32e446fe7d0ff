import type { LiveTutorConnection } from '../../core/index.ts';
import { hasLiveKey, sendMessage } from '../features/live/live-connection.ts';
import { useAppStore } from '../store/store.ts';

/**
 * The live tutor's way to the model: live mode's page connection (the key stays on the page,
 * never in learner code). Available while live mode is on with a key; the model is live
 * mode's setting, or the course's when that leaves it to the lesson's code.
 */
export function liveTutorConnection(): LiveTutorConnection | undefined {
  return {
    available: () => useAppStore.getState().liveOn && hasLiveKey(),
    send: (request, options) => sendMessage(request, options),
    model: () => useAppStore.getState().liveSettings.model || TUTOR_MODEL,
  };
}

/** The model the tutor asks when live mode's setting leaves the model to the lesson's code. */
export const TUTOR_MODEL = 'claude-sonnet-5-5';
