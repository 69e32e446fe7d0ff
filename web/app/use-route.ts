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

/**
 * The current lesson, from the URL hash. An empty or unknown hash is replaced (not pushed,
 * so Back still works) by the last lesson visited, or the first. A share link's code is
 * handed to the share feature once, and the URL goes back to the plain lesson link, so a
 * reload does not open the link again.
 */
export function useCurrentLesson(course: Course) {
  const hash = useSyncExternalStore(subscribe, getHash);
  const route = deserializeRoute(hash);
  const lesson = course.lessons.find((l) => l.id === route?.lessonId);
  const setLastLessonId = useAppStore((s) => s.setLastLessonId);

  useEffect(() => {
    // The hash may already have been handled (effects run twice in development).
    if (window.location.hash !== hash) return;
    if (route?.share !== undefined) {
      if (lesson) openShareLink(lesson, route.share);
      else reportUnknownShareLesson(route.lessonId);
    }
    if (lesson) {
      setLastLessonId(lesson.id);
      if (route?.share !== undefined) {
        window.history.replaceState(window.history.state, '', serializeRoute(lesson.id));
      }
      return;
    }
    const last = useAppStore.getState().lastLessonId;
    const fallback = course.lessons.find((l) => l.id === last) ?? course.lessons[0];
    if (fallback) window.location.replace(serializeRoute(fallback.id));
  }, [hash, route?.lessonId, route?.share, lesson, course, setLastLessonId]);

  return lesson;
}
