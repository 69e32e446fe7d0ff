import type { StateCreator } from 'zustand';
import type { AppState } from './app-state.ts';
import { createCarrySlice } from './carry-slice.ts';
import { createChatSlice } from './chat-slice.ts';
import { createCourseSlice } from './course-slice.ts';
import { createDraftsSlice, createShareSlice } from './drafts-slice.ts';
import { createLiveSlice } from './live-slice.ts';
import { createPreferencesSlice } from './preferences-slice.ts';
import { createProgressSlice } from './progress-slice.ts';
import { createRunSlice } from './run-slice.ts';
import { createSyncSlice } from './sync-slice.ts';
import { createTutorSlice } from './tutor-slice.ts';
import { createUiSlice } from './ui-slice.ts';
import { createUpdateSlice } from './update-slice.ts';

/** Every slice side by side: the app's store, and any test's, are built from this one list. */
export const createAppSlices: StateCreator<AppState> = (...args) => ({
  ...createDraftsSlice(...args),
  ...createProgressSlice(...args),
  ...createPreferencesSlice(...args),
  ...createRunSlice(...args),
  ...createUiSlice(...args),
  ...createTutorSlice(...args),
  ...createShareSlice(...args),
  ...createSyncSlice(...args),
  ...createChatSlice(...args),
  ...createCarrySlice(...args),
  ...createLiveSlice(...args),
  ...createCourseSlice(...args),
  ...createUpdateSlice(...args),
});
