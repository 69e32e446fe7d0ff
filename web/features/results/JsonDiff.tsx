import type { DiffEntry } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';

const kindLabel: Record<DiffEntry['kind'], string> = {
  changed: 'changed',
  missing: 'missing',
  extra: 'unexpected',
};

/**
 * Expected vs actual as a list of paths. For a hidden case the core has already removed the
 * expected values, so only the path and the learner's own value can show.
 */
export function JsonDiff({ diff, hidden }: { diff: DiffEntry[]; hidden: boolean }) {
  if (diff.length === 0) return null;
  return (
    <table className="json-diff">
      <caption className="visually-hidden">Differences between expected and actual output</caption>
      <thead>
        <tr>
          <th scope="col">Path</th>
          <th scope="col">Difference</th>
          {!hidden && <th scope="col">Expected</th>}
          <th scope="col">Actual</th>
        </tr>
      </thead>
      <tbody>
        {diff.map((entry, i) => (
          <tr key={`${entry.path}-${i}`} className={`diff-${entry.kind}`}>
            <td>
              <code>{entry.path === '' ? '(root)' : entry.path}</code>
            </td>
            <td>
              <span className={`badge diff-${entry.kind}`}>{kindLabel[entry.kind]}</span>
            </td>
            {!hidden && (
              <td className="diff-expected">
                <code>{entry.kind === 'extra' ? '—' : inlineJson(entry.expected)}</code>
              </td>
            )}
            <td className="diff-actual">
              <code>{entry.kind === 'missing' ? '—' : inlineJson(entry.actual)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
