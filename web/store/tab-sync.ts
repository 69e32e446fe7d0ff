import type { AppState, PersistedState } from './app-state.ts';
import { chatsMissing, mergeChats } from './chat-persist.ts';
import { COURSE_FIELDS, SHIPPED_COURSE, courseWorkOf, type CourseWork } from './course-slice.ts';
import { mergeDrafts } from './draft-merge.ts';
import type { LessonProgress } from './progress-slice.ts';

/** The parts of this tab's state a save from another tab is merged into. */
export type SyncedState = Pick<
  AppState,
  | 'drafts'
  | 'draftStamps'
  | 'progress'
  | 'lastLessonId'
  | 'shared'
  | 'reloads'
  | 'draftConflict'
  | 'passedCode'
  | 'carried'
  | 'hintsShown'
  | 'chats'
>;

export interface TabMerge {
  /** This tab's state with theirs merged in. */
  patch: Partial<AppState>;
  /**
   * What they saved lacks something this tab keeps (a draft only this tab has, a newer draft
   * than their stale copy, a pass only it saw): save the merge back, or it would be missing
   * from storage.
   */
  writeBack: boolean;
}

/**
 * Merges what another tab saved into this tab's state, so that neither tab's next save wipes
 * out the other's work (every tab saves its whole state):
 *
 * - drafts: lesson by lesson, the newer by their stamps (see `mergeDrafts`): a stale copy of
 *   an older draft never wins, a newer draft of the lesson open here is offered, never forced;
 * - progress: a pass (or a look at the solution) in either tab counts, attempts are the larger
 *   count, the last verdict is the later one;
 * - the code each lesson was passed with, and the code each lesson carried from the one
 *   before (with the learner's choices): theirs where they have one (the newer save), ours
 *   elsewhere; hints opened: the larger count;
 * - theme, watch, pane sizes and font size: the latest choice, theirs;
 * - the tutor conversations: every message either tab said, once, in order.
 */
export function mergeFromOtherTab(ours: SyncedState, theirs: Partial<PersistedState>): TabMerge {
  const { stale, ...drafts } = mergeDrafts(ours, theirs);
  const theirProgress = theirs.progress ?? {};
  const progress = mergeProgress(ours.progress, theirProgress);
  const passedCode = { ...ours.passedCode, ...theirs.passedCode };
  const carried = { ...ours.carried, ...theirs.carried };
  const hintsShown = { ...ours.hintsShown };
  for (const [lessonId, n] of Object.entries(theirs.hintsShown ?? {})) {
    hintsShown[lessonId] = Math.max(n, hintsShown[lessonId] ?? 0);
  }
  const chats = mergeChats(ours.chats, theirs.chats ?? {});
  const patch: Partial<AppState> = {
    ...drafts,
    progress,
    passedCode,
    carried,
    hintsShown,
    chats,
  };
  if (theirs.theme) patch.theme = theirs.theme;
  if (theirs.watch !== undefined) patch.watch = theirs.watch;
  if (theirs.paneSizes) patch.paneSizes = theirs.paneSizes;
  if (theirs.fontSize !== undefined) patch.fontSize = theirs.fontSize;
  if (theirs.resultsLayout) patch.resultsLayout = theirs.resultsLayout;
  if (theirs.wordWrap !== undefined) patch.wordWrap = theirs.wordWrap;
  if (theirs.liveSettings) patch.liveSettings = theirs.liveSettings;
  const theirDrafts = theirs.drafts ?? {};
  const writeBack =
    stale ||
    Object.keys(drafts.drafts).some((lessonId) => !(lessonId in theirDrafts)) ||
    Object.keys(passedCode).some((lessonId) => !(lessonId in (theirs.passedCode ?? {}))) ||
    Object.keys(carried).some((lessonId) => !(lessonId in (theirs.carried ?? {}))) ||
    Object.entries(hintsShown).some(([lessonId, n]) => theirs.hintsShown?.[lessonId] !== n) ||
    chatsMissing(chats, theirs.chats) ||
    Object.entries(progress).some(([lessonId, p]) => {
      const their = theirProgress[lessonId];
      return (
        !their ||
        their.passed !== p.passed ||
        their.attempts !== p.attempts ||
        their.solutionSeen !== p.solutionSeen ||
        their.last?.at !== p.last?.at
      );
    });
  return { patch, writeBack };
}

function mergeProgress(
  ours: Record<string, LessonProgress>,
  theirs: Record<string, LessonProgress>,
): Record<string, LessonProgress> {
  const out = { ...ours };
  for (const [lessonId, p] of Object.entries(theirs)) {
    const mine = out[lessonId];
    if (!mine) {
      out[lessonId] = p;
      continue;
    }
    const merged: LessonProgress = {
      passed: mine.passed || p.passed,
      attempts: Math.max(mine.attempts, p.attempts),
    };
    if (mine.solutionSeen || p.solutionSeen) merged.solutionSeen = true;
    const last = (p.last?.at ?? -1) > (mine.last?.at ?? -1) ? p.last : mine.last;
    if (last) merged.last = last;
    out[lessonId] = merged;
  }
  return out;
}

/**
 * Another tab's save, seen from a tab with `courseKey` open: their work on this course in the
 * shape of the open course's fields (with their preferences), for `mergeFromOtherTab`; and
 * their work on every other course, which this tab takes as it is (they saved last). A save
 * without `courseWork` (an older version's) says nothing of other courses: `others` is undefined.
 */
export function theirsForCourse(
  theirs: Partial<PersistedState>,
  courseKey: string,
): { flat: Partial<PersistedState>; others: Record<string, CourseWork> | undefined } {
  const theirKey = theirs.courseKey ?? SHIPPED_COURSE;
  const theirOpen = courseWorkOf(theirs);
  const flat: Partial<PersistedState> = { ...theirs };
  if (theirKey !== courseKey) {
    for (const field of COURSE_FIELDS) delete flat[field];
    Object.assign(flat, theirs.courseWork?.[courseKey]);
  }
  if (!theirs.courseWork) return { flat, others: undefined };
  const { [courseKey]: _mine, ...others } = { ...theirs.courseWork, [theirKey]: theirOpen };
  return { flat, others };
}
