import type { CarrySlice } from './carry-slice.ts';
import type { ChatSlice } from './chat-slice.ts';
import type { CourseSlice } from './course-slice.ts';
import type { DraftsSlice, ShareSlice } from './drafts-slice.ts';
import type { LiveSlice } from './live-slice.ts';
import type { PreferencesSlice } from './preferences-slice.ts';
import type { ProgressSlice } from './progress-slice.ts';
import type { RunSlice } from './run-slice.ts';
import type { SyncSlice } from './sync-slice.ts';
import type { TutorSlice } from './tutor-slice.ts';
import type { UiSlice } from './ui-slice.ts';
import type { UpdateSlice } from './update-slice.ts';

/**
 * The whole store: every slice side by side.
 *
 * Only this file, and those above it (slices.ts, store.ts, ...), know the whole. Each slice's
 * creator is typed with the slices it reads and writes, never with AppState:
 * `StateCreator<ProgressSlice & DraftsSlice, [], [], ProgressSlice>`, or `StateCreator<UiSlice>`
 * for one that keeps to its own fields. So the slices stand below this file and none imports it
 * back (this file imported every slice and every slice imported it: one circle of the whole
 * store), and each creator's type says what else it touches. slices.ts joins them over
 * AppState, whose set and get serve every creator, since AppState holds each field they name.
 * Drafts and shared code write each other's fields, so they share drafts-slice.ts; a switch of
 * course touches nearly every slice, so course-slice.ts stands above the others.
 */
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
