import { decodeSharePayload, type Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';

/**
 * Opens the code a share link carries in its lesson: shown in the editor, never run and never
 * saved over the learner's draft until they choose. A link that cannot be read is explained
 * (the codec's own words) and the lesson opens as usual with the learner's code.
 */
export function openShareLink(lesson: Lesson, payload: string): void {
  const result = decodeSharePayload(lesson, payload);
  const store = useAppStore.getState();
  if (result.ok) {
    store.openShared(lesson.id, result.files);
    return;
  }
  store.pushNotice(
    'error',
    `This share link could not be opened. ${result.message} The lesson opened as usual, and no code was changed.`,
  );
}

/** A share link for a lesson this course does not have: said so, and the app opens another. */
export function reportUnknownShareLesson(lessonId: string): void {
  useAppStore
    .getState()
    .pushNotice(
      'error',
      `This share link is for a lesson this course does not have ("${lessonId}"), so its code was not opened.`,
    );
}
