import { useEffect, useSyncExternalStore } from 'react';
import type { Course } from '../../core/index.ts';
import { deserializeRoute, serializeRoute } from '../features/lessons/route.ts';
import { useAppStore } from '../store/store.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const getHash = () => window.location.hash;

/**
 * The current lesson, from the URL hash. An empty or unknown hash is replaced (not pushed,
 * so Back still works) by the last lesson visited, or the first.
 */
export function useCurrentLesson(course: Course) {
  const hash = useSyncExternalStore(subscribe, getHash);
  const id = deserializeRoute(hash);
  const lesson = course.lessons.find((l) => l.id === id);
  const setLastLessonId = useAppStore((s) => s.setLastLessonId);

  useEffect(() => {
    if (lesson) {
      setLastLessonId(lesson.id);
      return;
    }
    const last = useAppStore.getState().lastLessonId;
    const fallback = course.lessons.find((l) => l.id === last) ?? course.lessons[0];
    if (fallback) window.location.replace(serializeRoute(fallback.id));
  }, [lesson, course, setLastLessonId]);

  return lesson;
}
