import type { LessonProblem } from '../../core/index.ts';

/** Problems with a course's files, each as its file, field and what is wrong: text, never HTML. */
export function ProblemsTable({
  problems,
  limit = 100,
}: {
  problems: LessonProblem[];
  limit?: number;
}) {
  const shown = problems.slice(0, limit);
  return (
    <>
      <table className="problems-table">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Field</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((p, i) => (
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
      {problems.length > shown.length && (
        <p className="muted">and {problems.length - shown.length} more.</p>
      )}
    </>
  );
}
