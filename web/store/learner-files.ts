import type { FileMap, Lesson } from '../../core/index.ts';
import type { AppState } from './app-state.ts';
import { sameFiles, visibleDraft } from './drafts-slice.ts';
import type { RunState } from './run-slice.ts';

/**
 * The files a run grades: the starter with the learner's draft laid over it. Only the
 * lesson's own editable files count; read-only files are the grader's business.
 */
export function learnerFiles(lesson: Lesson, drafts: AppState['drafts']): FileMap {
  const draft = drafts[lesson.id] ?? {};
  const files: FileMap = {};
  for (const [path, text] of Object.entries(lesson.starter)) {
    if (lesson.readOnly.includes(path)) continue;
    files[path] = draft[path] ?? text;
  }
  return files;
}

/** The files a Run would grade now: what the editor shows (a link's code, or the draft). */
export function currentFiles(state: AppState, lesson: Lesson): FileMap {
  return learnerFiles(lesson, { [lesson.id]: visibleDraft(state, lesson.id) ?? {} });
}

/**
 * The code changed since `run` graded it (an edit, a Reset; undoing back to the same text
 * makes it current again). A run of the reference solution is never stale: it did not grade
 * the learner's code at all.
 */
export function codeChangedSince(run: RunState, state: AppState, lesson: Lesson): boolean {
  return run.source !== 'reference' && !sameFiles(run.files, currentFiles(state, lesson));
}
