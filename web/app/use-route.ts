import { useEffect, useSyncExternalStore } from 'react';
import type { Course } from '../../core/index.ts';
import { deserializeRoute, serializeRoute } from '../features/lessons/route.ts';
import { openShareLink, reportUnknownShareLesson } from '../features/share/open-share-link.ts';
import { useAppStore } from '../store/store.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const getHash = () => window.location.hash;

/** lessonId -> the share payload whose code is open there, so it is not opened twice. */
const opened = new Map<string, string>();

/**
 * The current lesson, from the URL hash. An empty or unknown hash is replaced (not pushed,
 * so Back still works) by the last lesson visited, or the first. A share link's code is
 * handed to the share feature once. The address keeps the link while its code is open, so a
 * reload opens it again rather than losing it; once the learner chooses (keep it, or back to
 * their own code), the address goes back to the plain lesson link.
 */
export function useCurrentLesson(course: Course) {
  const hash = useSyncExternalStore(subscribe, getHash);
  const route = deserializeRoute(hash);
  const lesson = course.lessons.find((l) => l.id === route?.lessonId);
  const setLastLessonId = useAppStore((s) => s.setLastLessonId);

  useEffect(() => {
    // The hash may already have been handled (effects run twice in development).
    if (window.location.hash !== hash) return;
    const share = route?.share;
    if (share !== undefined) {
      if (!lesson) reportUnknownShareLesson(route?.lessonId ?? '');
      else if (opened.get(lesson.id) !== share || !useAppStore.getState().shared[lesson.id]) {
        opened.set(lesson.id, share);
        openShareLink(lesson, share);
      }
    }
    if (lesson) {
      setLastLessonId(lesson.id);
      // A link that could not be read leaves nothing to come back to.
      if (share !== undefined && !useAppStore.getState().shared[lesson.id]) plainAddress(lesson.id);
      return;
    }
    const last = useAppStore.getState().lastLessonId;
    const fallback = course.lessons.find((l) => l.id === last) ?? course.lessons[0];
    if (fallback) window.location.replace(serializeRoute(fallback.id));
  }, [hash, route?.lessonId, route?.share, lesson, course, setLastLessonId]);

  useEffect(() => {
    if (!lesson) return;
    return useAppStore.subscribe((state, previous) => {
      if (!previous.shared[lesson.id] || state.shared[lesson.id]) return;
      // The learner chose: the link has done its work.
      opened.delete(lesson.id);
      if (deserializeRoute(window.location.hash)?.lessonId === lesson.id) plainAddress(lesson.id);
    });
  }, [lesson]);

  return lesson;
}

/** The lesson's own address, in place of a share link (no new history entry). */
function plainAddress(lessonId: string): void {
  const plain = serializeRoute(lessonId);
  if (window.location.hash !== plain) {
    window.history.replaceState(window.history.state, '', plain);
  }
}
