import type { StateCreator } from 'zustand';

/**
 * Where this tab stands against newer versions of the app:
 * - `current`: nothing newer is known;
 * - `available`: a newer version is downloaded and waits for the learner to reload into it;
 * - `outdated`: another tab (or the saved state) is already on a newer version, so this tab
 *   no longer saves (its older shape would overwrite the newer one) until it reloads.
 */
export type AppUpdate = 'current' | 'available' | 'outdated';

export interface UpdateSlice {
  appUpdate: AppUpdate;
  /** Moves only forward: a tab that is outdated stays so until it reloads. */
  setAppUpdate(update: AppUpdate): void;
}

const RANK: Record<AppUpdate, number> = { current: 0, available: 1, outdated: 2 };

export const createUpdateSlice: StateCreator<UpdateSlice> = (set) => ({
  appUpdate: 'current',
  setAppUpdate: (update) =>
    set((state) => (RANK[update] > RANK[state.appUpdate] ? { appUpdate: update } : state)),
});
