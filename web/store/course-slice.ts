import type { StateCreator } from 'zustand';
import type { CarrySlice } from './carry-slice.ts';
import type { ChatSlice } from './chat-slice.ts';
import type { DraftsSlice, ShareSlice } from './drafts-slice.ts';
import type { LiveSlice } from './live-slice.ts';
import type { PreferencesSlice } from './preferences-slice.ts';
import type { ProgressSlice } from './progress-slice.ts';
import type { RunSlice } from './run-slice.ts';
import type { SyncSlice } from './sync-slice.ts';
import type { TutorSlice } from './tutor-slice.ts';
import type { UiSlice } from './ui-slice.ts';

/** The key of the course the app ships, in `courseKey` and `courseWork`; a pack's is its id. */
export const SHIPPED_COURSE = '';

/**
 * The slices whose fields a switch of course puts by (a course's work) or clears (what this
 * tab holds about the lessons on screen): every slice but the course's own and the update's.
 */
type CourseFields = DraftsSlice &
  ShareSlice &
  SyncSlice &
  ProgressSlice &
  PreferencesSlice &
  RunSlice &
  UiSlice &
  TutorSlice &
  LiveSlice &
  ChatSlice &
  CarrySlice;

/**
 * What a learner makes in one course, each field keyed by lesson id: these fields of the store
 * always hold the work of the course open (`courseKey`), and the other courses' wait in
 * `courseWork`, so two courses with a lesson of the same id never mix.
 */
export const COURSE_FIELDS = [
  'drafts',
  'draftStamps',
  'progress',
  'lastLessonId',
  'experimentSnapshots',
  'passedCode',
  'carried',
  'hintsShown',
  'chats',
] as const satisfies readonly (keyof CourseFields)[];

export type CourseWork = Partial<Pick<CourseFields, (typeof COURSE_FIELDS)[number]>>;

export interface CourseSlice {
  /**
   * The course whose work the per-lesson fields (COURSE_FIELDS) hold: SHIPPED_COURSE (`''`)
   * for the course the app ships, else the id of an opened course pack. Saved, so a reload
   * (or `#/`) comes back to it.
   */
  courseKey: string;
  /** The work of every course not open, by the same key. Saved. */
  courseWork: Record<string, CourseWork>;
  /**
   * Opens another course's work: the open one's is put by, the other's taken out (empty for
   * a course never opened), and what this tab holds about the lessons on screen (runs, shared
   * code, type errors, a live run) goes, since it belongs to the other course.
   */
  switchCourse(courseKey: string): void;
  /** Deletes the saved work of a course that is not open (a pack removed with its work). */
  forgetCourseWork(courseKey: string): void;
}

/** A course with no work yet. */
const NO_WORK: CourseWork = {
  drafts: {},
  draftStamps: {},
  progress: {},
  lastLessonId: undefined,
  experimentSnapshots: {},
  passedCode: {},
  carried: {},
  hintsShown: {},
  chats: {},
};

/**
 * What this tab holds, never saved, about the lessons of the open course: keyed by lesson id
 * or about the lesson on screen, so none of it may reach a lesson of the same id elsewhere.
 */
const LESSON_STATE: Partial<CourseFields> = {
  shared: {},
  reloads: {},
  lastEdit: undefined,
  draftConflict: undefined,
  run: undefined,
  selectedCase: undefined,
  typeErrors: {},
  reveal: undefined,
  solutionOpen: false,
  tutorRequest: undefined,
  liveQuestions: {},
  liveRun: undefined,
};

export const createCourseSlice: StateCreator<CourseSlice & CourseFields, [], [], CourseSlice> = (
  set,
) => ({
  courseKey: SHIPPED_COURSE,
  courseWork: {},
  switchCourse: (courseKey) =>
    set((state) => {
      if (courseKey === state.courseKey) return state;
      const { [courseKey]: next, ...others } = state.courseWork;
      return {
        ...LESSON_STATE,
        ...NO_WORK,
        ...next,
        courseKey,
        courseWork: { ...others, [state.courseKey]: courseWorkOf(state) },
      };
    }),
  forgetCourseWork: (courseKey) =>
    set((state) => {
      if (courseKey === state.courseKey || !(courseKey in state.courseWork)) return state;
      const { [courseKey]: _forgotten, ...courseWork } = state.courseWork;
      return { courseWork };
    }),
});

/** The open course's work, as `courseWork` keeps it (the fields it has). */
export function courseWorkOf(state: CourseWork): CourseWork {
  const work: CourseWork = {};
  for (const field of COURSE_FIELDS) {
    if (state[field] !== undefined) Object.assign(work, { [field]: state[field] });
  }
  return work;
}

/** A course's work, the open one's or one put by (empty for a course never opened). */
export function courseWorkFor(
  state: Pick<CourseSlice, 'courseKey' | 'courseWork'> & CourseWork,
  courseKey: string,
): CourseWork {
  return courseKey === state.courseKey ? courseWorkOf(state) : (state.courseWork[courseKey] ?? {});
}

/** Whether a course's work holds anything the learner made: a draft, an attempt, a chat... */
export function hasWork(work: CourseWork): boolean {
  return COURSE_FIELDS.some((field) => {
    const value = work[field];
    return typeof value === 'object' && value !== null && Object.keys(value).length > 0;
  });
}
