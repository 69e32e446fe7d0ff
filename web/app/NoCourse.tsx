import type { Course } from '../../core/index.ts';
import { CourseUnavailable } from '../features/packs/CourseUnavailable.tsx';
import { OpenCourseButton } from '../features/packs/OpenCourseButton.tsx';
import { useShippedHref } from './Courses.tsx';
import { Brand } from './Header.tsx';
import { Notices } from './Notices.tsx';
import { openCourseFile, removePack } from './pack-actions.ts';
import type { CourseOnScreen } from './use-course.ts';

/** The page while a course is read, or when the one the address names cannot be shown. */
export function NoCourse({
  onScreen,
  shipped,
}: {
  onScreen: Exclude<CourseOnScreen, { kind: 'course' }>;
  shipped: Course;
}) {
  const href = useShippedHref(shipped);
  const open = (
    <OpenCourseButton className="button primary" onFile={(f) => void openCourseFile(f)} />
  );
  return (
    <div className="app">
      <header className="app-header">
        <Brand />
      </header>
      <Notices />
      {onScreen.kind === 'wait' ? (
        <main className="workspace-loading">Opening the course…</main>
      ) : (
        <CourseUnavailable
          why={
            onScreen.kind === 'broken'
              ? { kind: 'broken', title: onScreen.entry.title, problems: onScreen.problems }
              : onScreen
          }
          shipped={{ title: shipped.title, href }}
          actions={
            onScreen.kind === 'broken' ? (
              <>
                {open}
                <button
                  type="button"
                  className="button"
                  onClick={() => void removePack(onScreen.entry, true, href)}
                >
                  Remove it (keep my work)
                </button>
              </>
            ) : onScreen.kind === 'not-open' ? (
              open
            ) : null
          }
        />
      )}
    </div>
  );
}
