import type { Course, Lesson } from '../../../core/index.ts';
import { useAppStore } from '../../store/store.ts';
import { Markdown } from './Markdown.tsx';
import { lessonProse, lessonTask, MARKDOWN_DEPTH } from './markdown-text.ts';
import { useLessonHref } from './course-view.ts';
import './lessons.css';

interface Props {
  course: Course;
  lesson: Lesson;
}

/** The reading side: where the lesson is in the course, why it matters, and the task. */
export function LessonPane({ course, lesson }: Props) {
  const previous = course.lessons[lesson.index - 1];
  const next = course.lessons[lesson.index + 1];
  const passed = useAppStore((s) => s.progress[lesson.id]?.passed ?? false);
  const lessonHref = useLessonHref();
  return (
    <section className="lesson-pane" aria-labelledby="lesson-title">
      <div className="lesson-scroll" tabIndex={0} role="region" aria-label="Lesson text">
        <p className="lesson-kicker">
          <span>
            Lesson {lesson.index + 1} / {course.lessons.length}
          </span>
          <span aria-hidden="true"> · </span>
          <span>{lesson.minutes} min</span>
          {passed && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="kicker-passed">✓ Passed</span>
            </>
          )}
        </p>
        <h1 id="lesson-title" className="lesson-title">
          {lesson.title}
        </h1>
        <p className="lesson-summary">{lesson.summary}</p>
        <Markdown source={lessonProse(lesson)} minDepth={MARKDOWN_DEPTH.prose} />
        <section className="task" aria-labelledby="task-title">
          <h2 id="task-title" className="task-title">
            Your task
          </h2>
          <Markdown source={lessonTask(lesson)} minDepth={MARKDOWN_DEPTH.task} />
        </section>
      </div>
      <nav className="lesson-nav" aria-label="Lessons">
        {previous ? (
          <a className="button ghost" href={lessonHref(previous.id)} rel="prev">
            {'←\u00a0'}
            <span className="visually-hidden">Previous lesson: </span>
            {previous.title}
          </a>
        ) : (
          <span />
        )}
        {next ? (
          <a className="button ghost" href={lessonHref(next.id)} rel="next">
            <span className="visually-hidden">Next lesson: </span>
            {`${next.title}\u00a0→`}
          </a>
        ) : (
          <span />
        )}
      </nav>
    </section>
  );
}
