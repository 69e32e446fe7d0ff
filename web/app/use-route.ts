import { useEffect, useSyncExternalStore } from 'react';
import type { Course } from '../../core/index.ts';
import { deserializeRoute, packSourceOfHash, serializeRoute } from '../features/lessons/route.ts';
import { openShareLink, reportUnknownShareLesson } from '../features/share/open-share-link.ts';
import { useAppStore } from '../store/store.ts';

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const getHash = () => window.location.hash;

/**
 * `<course>/<lesson>` -> the share payload whose code is open there, so it is not opened twice
 * (the shared code itself is let go when the course changes).
 */
const opened = new Map<string, string>();

/**
 * The current lesson, from the URL hash. An empty or unknown hash is replaced (not pushed,
 * so Back still works) by the last lesson visited, or the first. A share link's code is
 * handed to the share feature once. The address keeps the link while its code is open, so a
 * reload opens it again rather than losing it; once the learner chooses (keep it, or back to
 * their own code), the address goes back to the plain lesson link. `packId` is the opened
 * course pack's id (undefined for the shipped course): the app shell shows the course only
 * while the address is in it.
 */
export function useCurrentLesson(course: Course, packId: string | undefined) {
  const hash = useSyncExternalStore(subscribe, getHash);
  const any = deserializeRoute(hash);
  // An address in another course, or one to open a pack from, is the app shell's to follow
  // (this hook can hear of it first: it may not send the learner anywhere meanwhile).
  const elsewhere = packSourceOfHash(hash) !== undefined || (any && any.courseId !== packId);
  const route = elsewhere ? undefined : any;
  const lesson = course.lessons.find((l) => l.id === route?.lessonId);
  const setLastLessonId = useAppStore((s) => s.setLastLessonId);

  useEffect(() => {
    // The hash may already have been handled (effects run twice in development).
    if (window.location.hash !== hash || elsewhere) return;
    const share = route?.share;
    if (share !== undefined) {
      if (!lesson) reportUnknownShareLesson(route?.lessonId ?? '');
      else if (
        opened.get(openedKey(packId, lesson.id)) !== share ||
        !useAppStore.getState().shared[lesson.id]
      ) {
        opened.set(openedKey(packId, lesson.id), share);
        openShareLink(lesson, share);
      }
    }
    if (lesson) {
      setLastLessonId(lesson.id);
      // A link that could not be read leaves nothing to come back to.
      if (share !== undefined && !useAppStore.getState().shared[lesson.id]) {
        plainAddress(lesson.id, packId);
      }
      return;
    }
    const last = useAppStore.getState().lastLessonId;
    const fallback = course.lessons.find((l) => l.id === last) ?? course.lessons[0];
    if (fallback) window.location.replace(serializeRoute(fallback.id, packId));
  }, [hash, elsewhere, route?.lessonId, route?.share, lesson, course, packId, setLastLessonId]);

  useEffect(() => {
    if (!lesson) return;
    return useAppStore.subscribe((state, previous) => {
      if (!previous.shared[lesson.id] || state.shared[lesson.id]) return;
      // The learner chose: the link has done its work.
      opened.delete(openedKey(packId, lesson.id));
      if (deserializeRoute(window.location.hash)?.lessonId === lesson.id) {
        plainAddress(lesson.id, packId);
      }
    });
  }, [lesson, packId]);

  return lesson;
}

const openedKey = (packId: string | undefined, lessonId: string) => `${packId ?? ''}/${lessonId}`;

/** The lesson's own address, in place of a share link (no new history entry). */
function plainAddress(lessonId: string, packId: string | undefined): void {
  const plain = serializeRoute(lessonId, packId);
  if (window.location.hash !== plain) {
    window.history.replaceState(window.history.state, '', plain);
  }
}
