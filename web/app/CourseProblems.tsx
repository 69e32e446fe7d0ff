import type { LessonProblem } from '../../core/index.ts';
import { ProblemsTable } from '../ui/ProblemsTable.tsx';

/** When the lesson data is broken the page says exactly what and where, never goes blank. */
export function CourseProblems({ problems }: { problems: LessonProblem[] }) {
  return (
    <main className="course-problems">
      <h1>The course could not be loaded</h1>
      <p>
        The lesson files in <code>fixtures/</code> have {problems.length}{' '}
        {problems.length === 1 ? 'problem' : 'problems'}. Fix them and reload.
      </p>
      <ProblemsTable problems={problems} limit={Infinity} />
    </main>
  );
}
