import { Icon } from '../ui/Icon.tsx';
import type { Course, Lesson } from '../../core/index.ts';
import { OfflineBadge } from '../features/offline/OfflineBadge.tsx';
import { useAppStore } from '../store/store.ts';
import { SettingsMenu } from './SettingsMenu.tsx';

interface Props {
  course: Course;
  lesson: Lesson | undefined;
  onOpenMap(): void;
}

/** The top bar: the product, the course map, progress, and the settings. */
export function Header({ course, lesson, onOpenMap }: Props) {
  // The count alone: every Run records an attempt, which must not re-render the header.
  const passed = useAppStore((s) => course.lessons.filter((l) => s.progress[l.id]?.passed).length);
  return (
    <header className="app-header">
      <Brand />
      <span className="course-title">{course.title}</span>
      <button type="button" className="button ghost course-map-button" onClick={onOpenMap}>
        <Icon name="map" size={14} />
        <span className="course-map-label">Course map</span>
        {lesson && (
          <span className="muted">
            <span className="course-map-label"> · </span>
            <span className="visually-hidden">lesson </span>
            {lesson.index + 1} / {course.lessons.length}
          </span>
        )}
      </button>
      <span
        className="progress-meter"
        role="progressbar"
        aria-label="Lessons passed"
        aria-valuemin={0}
        aria-valuemax={course.lessons.length}
        aria-valuenow={passed}
        aria-valuetext={`${passed} of ${course.lessons.length} lessons passed`}
      >
        <span
          className="progress-fill"
          style={{ width: `${(passed / course.lessons.length) * 100}%` }}
        />
      </span>
      <OfflineBadge />
      <SettingsMenu />
    </header>
  );
}

/** The product's name, leading home: the course last open, where the learner last was. */
export function Brand() {
  return (
    <a className="brand" href="#/" aria-label="theinference home">
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width="22" height="22" />
      <span className="brand-name">theinference</span>
    </a>
  );
}
