import type { LiveTutorConnection } from '../../core/index.ts';
import { hasLiveKey, liveApi } from '../features/live/live-connection.ts';
import { useAppStore } from '../store/store.ts';

/**
 * The live tutor's way to the model: live mode's page connection (the key stays on the page,
 * never in learner code). Available while live mode is on with a key; the model is live
 * mode's setting, or the course's when that leaves it to the lesson's code. What it spends shows
 * in live mode's "This session" tokens, beside the runs'.
 */
export function liveTutorConnection(): LiveTutorConnection | undefined {
  return {
    available: () => useAppStore.getState().liveOn && hasLiveKey(),
    async answer(request, options) {
      const result = await liveApi.answer(request, options);
      // The tutor spends the learner's key too: its tokens count in live mode's session total.
      if (result.ok) useAppStore.getState().addLiveSessionUsage(result.response.usage);
      return result;
    },
    model: () => useAppStore.getState().liveSettings.model || TUTOR_MODEL,
  };
}

/** The model the tutor asks when live mode's setting leaves the model to the lesson's code. */
export const TUTOR_MODEL = 'claude-sonnet-5-5';
