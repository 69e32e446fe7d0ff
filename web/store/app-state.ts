import type { CarrySlice } from './carry-slice.ts';
import type { ChatSlice } from './chat-slice.ts';
import type { CourseSlice } from './course-slice.ts';
import type { DraftsSlice } from './drafts-slice.ts';
import type { LiveSlice } from './live-slice.ts';
import type { PreferencesSlice } from './preferences-slice.ts';
import type { ProgressSlice } from './progress-slice.ts';
import type { RunSlice } from './run-slice.ts';
import type { ShareSlice } from './share-slice.ts';
import type { SyncSlice } from './sync-slice.ts';
import type { TutorSlice } from './tutor-slice.ts';
import type { UiSlice } from './ui-slice.ts';
import type { UpdateSlice } from './update-slice.ts';

/** The whole store: every slice side by side. */
export type AppState = DraftsSlice &
  ProgressSlice &
  PreferencesSlice &
  RunSlice &
  UiSlice &
  TutorSlice &
  ShareSlice &
  SyncSlice &
  LiveSlice &
  ChatSlice &
  CarrySlice &
  CourseSlice &
  UpdateSlice;

/** What survives a reload: what the learner made and chose, nothing that can be recomputed. */
export type PersistedState = Pick<
  AppState,
  | 'drafts'
  | 'draftStamps'
  | 'progress'
  | 'watch'
  | 'theme'
  | 'lastLessonId'
  | 'experimentSnapshots'
  | 'passedCode'
  | 'carried'
  | 'hintsShown'
  | 'paneSizes'
  | 'fontSize'
  | 'resultsLayout'
  | 'wordWrap'
  | 'chats'
  | 'liveSettings'
  | 'courseKey'
  | 'courseWork'
>;
