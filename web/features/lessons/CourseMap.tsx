import { useEffect, useRef, type ReactNode } from 'react';
import type { Course } from '../../../core/index.ts';
import { lessonStatus, type LessonStatus } from '../../store/progress-slice.ts';
import { useAppStore } from '../../store/store.ts';
import { formatMinutes } from './minutes.ts';
import { useLessonHref } from './course-view.ts';

const statusLabel: Record<LessonStatus, string> = {
  'not-started': 'Not started',
  'in-progress': 'In progress',
  passed: 'Passed',
};

interface Props {
  course: Course;
  currentId: string;
  open: boolean;
  onClose(): void;
  /** What follows the lessons (the app shell's list of courses). */
  children?: ReactNode;
}

/** Every lesson with its state, in a modal dialog opened from the header. */
export function CourseMap({ course, currentId, open, onClose, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const lessonHref = useLessonHref();
  // Each lesson's status, as one string: a Run records an attempt in the progress, which must
  // not re-render the map (mounted while closed) unless a status changed.
  const statuses = useAppStore((s) =>
    course.lessons.map((l) => lessonStatus(s.progress[l.id])).join(' '),
  ).split(' ') as LessonStatus[];
  const passed = statuses.filter((status) => status === 'passed').length;
  const minutes = course.lessons.reduce((sum, l) => sum + l.minutes, 0);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="course-map"
      aria-labelledby="course-map-title"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}
    >
      <header className="course-map-header">
        <div>
          <h2 id="course-map-title">{course.title}</h2>
          <p className="course-map-summary">
            {course.lessons.length} lessons · about {formatMinutes(minutes)} · {passed} passed
          </p>
        </div>
        <button type="button" className="button ghost" onClick={onClose}>
          Close
        </button>
      </header>
      {course.parts.map((part) => (
        <section key={part.title} aria-label={course.parts.length > 1 ? part.title : undefined}>
          {course.parts.length > 1 && <h3 className="course-map-part">{part.title}</h3>}
          <ol className="course-map-list">
            {course.lessons
              .filter((lesson) => part.lessons.includes(lesson.id))
              .map((lesson) => {
                const status = statuses[lesson.index] ?? 'not-started';
                return (
                  <li key={lesson.id} data-lesson={lesson.id} data-status={status}>
                    <a
                      href={lessonHref(lesson.id)}
                      aria-current={lesson.id === currentId ? 'page' : undefined}
                      onClick={onClose}
                    >
                      <span className={`status-dot ${status}`} aria-hidden="true" />
                      <span className="course-map-index">{lesson.index + 1}</span>
                      <span className="course-map-title">
                        <strong>{lesson.title}</strong>
                        <small>{lesson.summary}</small>
                      </span>
                      <span className="course-map-meta">
                        <span className={`status-label ${status}`}>{statusLabel[status]}</span>
                        <span className="course-map-minutes">{lesson.minutes} min</span>
                      </span>
                    </a>
                  </li>
                );
              })}
          </ol>
        </section>
      ))}
      {children}
    </dialog>
  );
}
