import { useEffect, useState, useSyncExternalStore } from 'react';
import type { Course } from '../../core/index.ts';
import { serializeCourseRoute, serializeRoute } from '../features/lessons/route.ts';
import { CourseList } from '../features/packs/CourseList.tsx';
import { OpenCourseButton } from '../features/packs/OpenCourseButton.tsx';
import type { PackEntry } from '../features/packs/pack-db.ts';
import { RemovePackDialog } from '../features/packs/RemovePackDialog.tsx';
import { courseWorkFor, hasWork, SHIPPED_COURSE } from '../store/course-slice.ts';
import { useAppStore } from '../store/store.ts';
import { openCourseFile, removePack } from './pack-actions.ts';
import { packLibrary } from './packs.ts';

/** The shipped course's address: the lesson last visited in it, or its first. */
export function useShippedHref(shipped: Course): string {
  const last = useAppStore((s) => courseWorkFor(s, SHIPPED_COURSE).lastLessonId);
  const lesson = shipped.lessons.find((l) => l.id === last) ?? shipped.lessons[0];
  return lesson ? serializeRoute(lesson.id) : '#/';
}

/**
 * The courses in this browser, for the course map: the shipped one, the packs opened, Open
 * course, and Remove (asked first). The list is read again each time the map opens, so a pack
 * opened in another tab shows.
 */
export function Courses({ shipped, open }: { shipped: Course; open: boolean }) {
  const packs = useSyncExternalStore(packLibrary.subscribe, packLibrary.entries);
  const current = useAppStore((s) => s.courseKey);
  const shippedHref = useShippedHref(shipped);
  const [removing, setRemoving] = useState<PackEntry>();
  const removingHasWork = useAppStore((s) =>
    removing ? hasWork(courseWorkFor(s, removing.id)) : false,
  );
  useEffect(() => {
    if (open) packLibrary.refresh();
  }, [open]);
  return (
    <>
      <CourseList
        shipped={{ title: shipped.title, lessons: shipped.lessons.length, href: shippedHref }}
        packs={packs}
        current={current}
        packHref={serializeCourseRoute}
        onRemove={setRemoving}
        open={<OpenCourseButton className="button small" onFile={(f) => void openCourseFile(f)} />}
      />
      {removing && (
        <RemovePackDialog
          entry={removing}
          hasWork={removingHasWork}
          onCancel={() => setRemoving(undefined)}
          onRemove={(keepWork) => {
            setRemoving(undefined);
            void removePack(removing, keepWork, shippedHref);
          }}
        />
      )}
    </>
  );
}
