import type { FileMap, Lesson } from '../../core/index.ts';
import type { AppState } from '../store/app-state.ts';

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
