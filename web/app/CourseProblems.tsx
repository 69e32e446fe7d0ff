import type { LessonProblem } from '../../core/index.ts';

/** When the lesson data is broken the page says exactly what and where, never goes blank. */
export function CourseProblems({ problems }: { problems: LessonProblem[] }) {
  return (
    <main className="course-problems">
      <h1>The course could not be loaded</h1>
      <p>
        The lesson files in <code>fixtures/</code> have {problems.length}{' '}
        {problems.length === 1 ? 'problem' : 'problems'}. Fix them and reload.
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i}>
              <td>
                <code>{p.file}</code>
              </td>
              <td>
                <code>{p.field}</code>
              </td>
              <td>{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
