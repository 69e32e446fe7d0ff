import type { ReactNode } from 'react';
import type { LessonProblem } from '../../../core/index.ts';
import { ProblemsTable } from '../../ui/ProblemsTable.tsx';
import './packs.css';

/** Why the course an address names cannot be shown. */
export type Unavailable =
  | { kind: 'not-open'; packId: string }
  | { kind: 'broken'; title: string; problems: LessonProblem[] }
  | { kind: 'unavailable'; packId: string; reason: string };

interface Props {
  why: Unavailable;
  /** The shipped course's title and address, to go back to. */
  shipped: { title: string; href: string };
  /** Open course (for a pack not open), Remove (for a broken one). */
  actions: ReactNode;
}

/**
 * A page for an address whose course is not here: a link from someone's course pack that is
 * not open in this browser (it cannot carry the pack, only name it), a kept pack that no longer
 * loads, or storage that cannot be read. It says which, and how to go on.
 */
export function CourseUnavailable({ why, shipped, actions }: Props) {
  return (
    <main className="course-unavailable" aria-labelledby="course-unavailable-title">
      {why.kind === 'not-open' && (
        <>
          <h1 id="course-unavailable-title">This link is for a course that is not open here</h1>
          <p>
            It names the course pack <code>{why.packId}</code>, which has not been opened in this
            browser. A link cannot carry a course, only name it: open the pack’s file (ask whoever
            sent the link for it) and the link goes on to its lesson.
          </p>
        </>
      )}
      {why.kind === 'broken' && (
        <>
          <h1 id="course-unavailable-title">“{why.title}” no longer opens</h1>
          <p>
            The course pack is kept in this browser, but this version of theinference finds{' '}
            {why.problems.length} {why.problems.length === 1 ? 'problem' : 'problems'} in it. Your
            work in it is kept. Open a fixed version of the pack, or remove it.
          </p>
          <ProblemsTable problems={why.problems} />
        </>
      )}
      {why.kind === 'unavailable' && (
        <>
          <h1 id="course-unavailable-title">The course pack could not be read</h1>
          <p>
            The course pack <code>{why.packId}</code> is kept in this browser’s storage, which could
            not be read ({why.reason}). Your work is kept; reload to try again.
          </p>
        </>
      )}
      <div className="course-unavailable-actions">
        {actions}
        <a className="button" href={shipped.href}>
          Go to {shipped.title}
        </a>
      </div>
    </main>
  );
}
