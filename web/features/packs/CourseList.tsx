import type { ReactNode } from 'react';
import type { PackEntry, PackSource } from './pack-db.ts';
import './packs.css';

/** The course the app ships, as the list shows it. */
export interface ShippedCourse {
  title: string;
  lessons: number;
  /** Where it opens: the lesson last visited in it, or its first. */
  href: string;
}

interface Props {
  shipped: ShippedCourse;
  /** The packs opened in this browser; undefined while they are read. */
  packs: readonly PackEntry[] | undefined;
  /** The open course: '' for the shipped one, else a pack's id. */
  current: string;
  /** Where a pack opens (its own address). */
  packHref(id: string): string;
  onRemove(entry: PackEntry): void;
  /** The Open course button. */
  open: ReactNode;
}

/**
 * The courses in this browser, in the course map: the shipped one and each pack opened, the
 * open one marked, each a link that switches to it (its work comes with it), each pack with
 * Remove; and Open course.
 */
export function CourseList({ shipped, packs, current, packHref, onRemove, open }: Props) {
  const lessons = (n: number) => `${n} ${n === 1 ? 'lesson' : 'lessons'}`;
  return (
    <section className="course-list" aria-labelledby="course-list-title">
      <div className="course-list-header">
        <h3 id="course-list-title">Courses in this browser</h3>
        {open}
      </div>
      <ul>
        <li>
          <a href={shipped.href} aria-current={current === '' ? 'true' : undefined}>
            <strong>{shipped.title}</strong>
            <small>{lessons(shipped.lessons)} · comes with theinference</small>
          </a>
        </li>
        {packs?.map((entry) => (
          <li key={entry.id} data-pack={entry.id}>
            <a href={packHref(entry.id)} aria-current={current === entry.id ? 'true' : undefined}>
              <strong>{entry.title}</strong>
              <small>
                {lessons(entry.lessons)} · {sourceText(entry.source)}
              </small>
            </a>
            <button
              type="button"
              className="button small ghost"
              aria-label={`Remove ${entry.title}`}
              onClick={() => onRemove(entry)}
            >
              Remove
            </button>
          </li>
        ))}
      </ul>
      {packs?.length === 0 && (
        <p className="course-list-note">
          A course pack is a course written as this one is (see the README’s “Course packs”), as one
          .json file or a .zip of its folder. Opened, it stays in this browser, offline too, and its
          work is kept apart from this course’s.
        </p>
      )}
    </section>
  );
}

function sourceText(source: PackSource): string {
  return source.kind === 'file' ? `from ${source.name}` : `from ${source.url}`;
}
