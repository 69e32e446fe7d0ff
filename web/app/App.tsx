import { useState } from 'react';
import type { Course } from '../../core/index.ts';
import { courseResult } from '../features/lessons/course-data.ts';
import { CourseMap } from '../features/lessons/CourseMap.tsx';
import { UpdateBanner } from '../features/offline/UpdateBanner.tsx';
import { CourseProblems } from './CourseProblems.tsx';
import { Header } from './Header.tsx';
import { Notices } from './Notices.tsx';
import { useCurrentLesson } from './use-route.ts';
import { useDarkTheme, useFontScale } from './use-theme.ts';
import { useUnsavedGuard } from './use-unsaved-guard.ts';
import { Workspace } from './Workspace.tsx';
import './app.css';

/** The shell: a broken course shows its problems; otherwise the header and the workspace. */
export function App() {
  if (!courseResult.ok) return <CourseProblems problems={courseResult.problems} />;
  return <CourseApp course={courseResult.course} />;
}

function CourseApp({ course }: { course: Course }) {
  const lesson = useCurrentLesson(course);
  const dark = useDarkTheme();
  useFontScale();
  useUnsavedGuard();
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
      />
    </div>
  );
}
