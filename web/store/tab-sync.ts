import type { AppState, PersistedState } from './app-state.ts';
import { chatsMissing, mergeChats } from './chat-persist.ts';
import { bump } from './drafts-slice.ts';
import { sameFiles } from './same-files.ts';
import type { LessonProgress } from './progress-slice.ts';

/** The parts of this tab's state a save from another tab is merged into. */
export type SyncedState = Pick<
  AppState,
  | 'drafts'
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
   * What they saved lacks something this tab keeps (a draft only this tab has, a pass only it
   * saw): save the merge back, or it would be missing from storage.
   */
  writeBack: boolean;
}

/**
 * Merges what another tab saved into this tab's state, so that neither tab's next save wipes
 * out the other's work (every tab saves its whole state):
 *
 * - drafts of lessons not on screen here: theirs is the newer, adopted (never deleted: a lesson
 *   only this tab has a draft of keeps it);
 * - the draft of the lesson open here (`lastLessonId`): never replaced under the learner's eyes.
 *   When theirs differs, it becomes `draftConflict` and the learner chooses; when it agrees, any
 *   conflict ends. A conflict the learner has not settled stays, even after they move to another
 *   lesson. A lesson showing shared code has its draft off screen: theirs is adopted;
 * - progress: a pass (or a look at the solution) in either tab counts, attempts are the larger
 *   count, the last verdict is the later one;
 * - the code each lesson was passed with, and the code each lesson carried from the one
 *   before (with the learner's choices): theirs where they have one (the newer save), ours
 *   elsewhere; hints opened: the larger count;
 * - theme, watch, pane sizes and font size: the latest choice, theirs;
 * - the tutor conversations: every message either tab said, once, in order.
 */
export function mergeFromOtherTab(ours: SyncedState, theirs: Partial<PersistedState>): TabMerge {
  const open = ours.lastLessonId;
  const drafts = { ...ours.drafts };
  let reloads = ours.reloads;
  let draftConflict = ours.draftConflict;
  for (const [lessonId, files] of Object.entries(theirs.drafts ?? {})) {
    if (sameFiles(files, ours.drafts[lessonId])) {
      if (lessonId === draftConflict?.lessonId) draftConflict = undefined;
      continue;
    }
    const onScreen = lessonId === open && !ours.shared[lessonId];
    if (onScreen || lessonId === draftConflict?.lessonId) {
      draftConflict = { lessonId, theirs: files };
      continue;
    }
    drafts[lessonId] = files;
    reloads = bump(reloads, lessonId);
  }
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
    drafts,
    reloads,
    draftConflict,
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
    Object.keys(drafts).some((lessonId) => !(lessonId in theirDrafts)) ||
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
