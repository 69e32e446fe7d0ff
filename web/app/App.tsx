import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { Course } from '../../core/index.ts';
import { courseResult } from '../features/lessons/course-data.ts';
import { CourseMap } from '../features/lessons/CourseMap.tsx';
import {
  CourseViewContext,
  SHIPPED_VIEW,
  type CourseView,
} from '../features/lessons/course-view.ts';
import { UpdateBanner } from '../features/offline/UpdateBanner.tsx';
import { PackProblemsDialog } from '../features/packs/PackProblemsDialog.tsx';
import { useAppStore } from '../store/store.ts';
import { CourseProblems } from './CourseProblems.tsx';
import { Courses } from './Courses.tsx';
import { Header } from './Header.tsx';
import { Notices } from './Notices.tsx';
import { packLibrary } from './packs.ts';
import { NoCourse } from './NoCourse.tsx';
import { useCourseOnScreen } from './use-course.ts';
import { useCurrentLesson } from './use-route.ts';
import { useDarkTheme, useFontScale } from './use-theme.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';
import { Workspace } from './Workspace.tsx';
import './app.css';

/**
 * The shell: a broken shipped course shows its problems; otherwise the course the address
 * names (the shipped one or an opened course pack), or why it cannot be shown; and, over
 * either, why a course pack could not be opened.
 */
export function App() {
  if (!courseResult.ok) return <CourseProblems problems={courseResult.problems} />;
  return <Shell shipped={courseResult.course} />;
}

function Shell({ shipped }: { shipped: Course }) {
  const onScreen = useCourseOnScreen(shipped, SHIPPED_VIEW);
  const failure = useSyncExternalStore(packLibrary.subscribe, packLibrary.failure);
  const dark = useDarkTheme();
  useFontScale();
  useUnsavedGuard();
  return (
    <>
      {onScreen.kind === 'course' ? (
        <CourseGate
          key={onScreen.courseKey}
          course={onScreen.course}
          courseKey={onScreen.courseKey}
          view={onScreen.view}
          shipped={shipped}
          dark={dark}
        />
      ) : (
        <NoCourse onScreen={onScreen} shipped={shipped} />
      )}
      {failure && <PackProblemsDialog failure={failure} onClose={packLibrary.dismissFailure} />}
    </>
  );
}

interface CourseProps {
  course: Course;
  courseKey: string;
  view: CourseView;
  shipped: Course;
  dark: boolean;
}

/**
 * Opens the course's work in the store before anything of the course renders (an effect, so
 * the course before is gone, editor and all): each course has its own drafts and progress.
 */
function CourseGate(props: CourseProps) {
  const open = useAppStore((s) => s.courseKey);
  const switchCourse = useAppStore((s) => s.switchCourse);
  const { courseKey } = props;
  useEffect(() => {
    if (open !== courseKey) switchCourse(courseKey);
  }, [open, courseKey, switchCourse]);
  const { packId, markdownHtml } = props.view;
  const view = useMemo(() => ({ packId, markdownHtml }), [packId, markdownHtml]);
  if (open !== courseKey) return <main className="workspace-loading">Opening the course…</main>;
  return (
    <CourseViewContext.Provider value={view}>
      <CourseApp {...props} />
    </CourseViewContext.Provider>
  );
}

function CourseApp({ course, courseKey, shipped, dark }: CourseProps) {
  const lesson = useCurrentLesson(course, courseKey || undefined);
  const [mapOpen, setMapOpen] = useState(false);
  return (
    <div className="app">
      <Header course={course} lesson={lesson} onOpenMap={() => setMapOpen(true)} />
      <Notices />
      <UpdateBanner />
      {lesson ? (
        <Workspace key={lesson.id} course={course} lesson={lesson} dark={dark} />
      ) : (
        <main className="workspace-loading">Opening the lesson…</main>
      )}
      <CourseMap
        course={course}
        currentId={lesson?.id ?? ''}
        open={mapOpen}
        onClose={() => setMapOpen(false)}
      >
        <Courses shipped={shipped} open={mapOpen} />
      </CourseMap>
    </div>
  );
}
