import { useEffect, useSyncExternalStore } from 'react';
import type { Course, LessonProblem } from '../../core/index.ts';
import type { CourseView } from '../features/lessons/course-view.ts';
import { deserializeRoute, packSourceOfHash } from '../features/lessons/route.ts';
import type { PackEntry } from '../features/packs/pack-db.ts';
import type { PackState } from '../features/packs/pack-library.ts';
import { SHIPPED_COURSE } from '../store/course-slice.ts';
import { useAppStore } from '../store/store.ts';
import { openCourseAddress } from './pack-actions.ts';
import { packLibrary } from './packs.ts';

/** What the page shows, by its address: a course, or why it cannot. */
export type CourseOnScreen =
  | { kind: 'course'; course: Course; courseKey: string; view: CourseView }
  /** A pack is being read (or opened from an address). */
  | { kind: 'wait' }
  /** The address names a pack this browser has not opened (a link from someone's pack). */
  | { kind: 'not-open'; packId: string }
  /** A pack kept here no longer loads. */
  | { kind: 'broken'; entry: PackEntry; problems: LessonProblem[] }
  | { kind: 'unavailable'; packId: string; reason: string };

const subscribeHash = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};
const getHash = () => window.location.hash;

/** The address `#/course=` asked for, while it is being opened (effects run twice in dev). */
let opening: string | undefined;

/**
 * The course the address names: `#/<lesson>` the shipped one, `#/@<id>/...` an opened pack
 * (read back from the browser's storage), `#/course=<path>` a pack to open from the page's own
 * origin; an address that names no course (`#/`) is the course last open, or the shipped one
 * if that pack is gone.
 */
export function useCourseOnScreen(shipped: Course, shippedView: CourseView): CourseOnScreen {
  const hash = useSyncExternalStore(subscribeHash, getHash);
  const source = packSourceOfHash(hash);
  const route = source === undefined ? deserializeRoute(hash) : undefined;
  const lastKey = useAppStore((s) => s.courseKey);
  const packId = source !== undefined ? undefined : route ? route.courseId : lastKey || undefined;
  const state = usePack(packId);

  useEffect(() => {
    if (source === undefined || opening === source) return;
    opening = source;
    void openCourseAddress(source).finally(() => (opening = undefined));
  }, [source]);

  const shippedOnScreen: CourseOnScreen = {
    kind: 'course',
    course: shipped,
    courseKey: SHIPPED_COURSE,
    view: shippedView,
  };
  if (source !== undefined) return { kind: 'wait' };
  if (packId === undefined || !state) return shippedOnScreen;
  if (state.state === 'ready') {
    const { course, markdownHtml } = state.pack;
    return { kind: 'course', course, courseKey: packId, view: { packId, markdownHtml } };
  }
  if (state.state === 'loading') return { kind: 'wait' };
  // `#/` and the course last open is gone: the shipped one.
  if (!route) return shippedOnScreen;
  if (state.state === 'missing') return { kind: 'not-open', packId };
  if (state.state === 'broken')
    return { kind: 'broken', entry: state.entry, problems: state.problems };
  return { kind: 'unavailable', packId, reason: state.reason };
}

/** A pack's state in the library, following it; undefined for no pack. */
function usePack(packId: string | undefined): PackState | undefined {
  return useSyncExternalStore(packLibrary.subscribe, () =>
    packId === undefined ? undefined : packLibrary.pack(packId),
  );
}
