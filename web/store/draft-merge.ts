import type { AppState, PersistedState } from './app-state.ts';
import { compareStamps, stampOf } from './draft-stamps.ts';
import { bump, sameFiles } from './drafts-slice.ts';

/** The parts of this tab's state the drafts of another tab's save are merged into. */
type DraftsState = Pick<
  AppState,
  'drafts' | 'draftStamps' | 'reloads' | 'draftConflict' | 'lastLessonId' | 'shared'
>;

/** This tab's drafts with theirs merged in. */
export interface DraftsMerge extends Pick<
  AppState,
  'drafts' | 'draftStamps' | 'reloads' | 'draftConflict'
> {
  /** Their save holds an older draft than this tab's (a stale copy): save this tab's back. */
  stale: boolean;
}

/**
 * Merges the drafts of another tab's save into this tab's, lesson by lesson, by their stamps
 * (see `DraftStamp`):
 *
 * - the same text: agreed. Any conflict over it ends, and both keep the later stamp;
 * - theirs older than ours: a stale copy (of a draft they adopted before this tab changed it
 *   again, saved before they heard of the change). Ours stays, no conflict, and is saved back;
 * - theirs newer (or as old, for two drafts saved before stamps: theirs, the later save):
 *   - the draft of the lesson open here (`lastLessonId`), never replaced under the learner's
 *     eyes: it becomes `draftConflict` and the learner chooses. So does a lesson with a
 *     conflict the learner has not settled, even after they moved to another lesson;
 *   - any other draft (and the open lesson's while it shows shared code: the draft is off
 *     screen): adopted, with its stamp, and the editor reloads it. Never deleted: a lesson only
 *     this tab has a draft of keeps it.
 */
export function mergeDrafts(ours: DraftsState, theirs: Partial<PersistedState>): DraftsMerge {
  const drafts = { ...ours.drafts };
  const draftStamps = { ...ours.draftStamps };
  let { reloads, draftConflict } = ours;
  let stale = false;
  for (const [lessonId, files] of Object.entries(theirs.drafts ?? {})) {
    const theirStamp = stampOf(theirs.draftStamps, lessonId);
    const order = compareStamps(theirStamp, stampOf(ours.draftStamps, lessonId));
    if (sameFiles(files, ours.drafts[lessonId])) {
      if (lessonId === draftConflict?.lessonId) draftConflict = undefined;
      if (order < 0) stale = true;
      else if (order > 0) {
        draftStamps[lessonId] = theirStamp;
        drafts[lessonId] ??= files;
      }
      continue;
    }
    if (order < 0) {
      stale = true;
      continue;
    }
    const onScreen = lessonId === ours.lastLessonId && !ours.shared[lessonId];
    if (onScreen || lessonId === draftConflict?.lessonId) {
      draftConflict = { lessonId, theirs: files, stamp: theirStamp };
      continue;
    }
    drafts[lessonId] = files;
    draftStamps[lessonId] = theirStamp;
    reloads = bump(reloads, lessonId);
  }
  return { drafts, draftStamps, reloads, draftConflict, stale };
}
