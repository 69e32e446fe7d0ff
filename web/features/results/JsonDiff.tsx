import type { DiffEntry } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';
import { ShowMore, useShownCount } from '../../ui/ShowMore.tsx';

const kindLabel: Record<DiffEntry['kind'], string> = {
  changed: 'changed',
  missing: 'missing',
  extra: 'unexpected',
};

/** Differences rendered at first, and per "Show more". */
const PAGE = 50;

/**
 * Expected vs actual as a list of paths. For a hidden case the core has already removed the
 * expected values, so only the path and the learner's own value can show. A long diff renders
 * a page at a time; long values wrap inside their cell, and the table scrolls sideways before
 * it squeezes a header.
 */
export function JsonDiff({ diff, hidden }: { diff: DiffEntry[]; hidden: boolean }) {
  const [shown, showMore] = useShownCount(diff.length, PAGE);
  if (diff.length === 0) return null;
  return (
    <div className="json-diff-wrap" tabIndex={0} role="region" aria-label="Differences">
      <table className="json-diff">
        <caption className="visually-hidden">
          Differences between expected and actual output
        </caption>
        <thead>
          <tr>
            <th scope="col">Path</th>
            <th scope="col">Difference</th>
            {!hidden && <th scope="col">Expected</th>}
            <th scope="col">Actual</th>
          </tr>
        </thead>
        <tbody>
          {diff.slice(0, shown).map((entry, i) => (
            <tr key={`${entry.path}-${i}`} className={`diff-${entry.kind}`}>
              <td className="diff-path">
                <code>{entry.path === '' ? '(root)' : entry.path}</code>
              </td>
              <td>
                <span className={`badge diff-${entry.kind}`}>{kindLabel[entry.kind]}</span>
              </td>
              {!hidden && (
                <td className="diff-value diff-expected">
                  <code>{entry.kind === 'extra' ? '—' : inlineJson(entry.expected, 400)}</code>
                </td>
              )}
              <td className="diff-value diff-actual">
                <code>{entry.kind === 'missing' ? '—' : inlineJson(entry.actual, 400)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ShowMore
        shown={shown}
        total={diff.length}
        page={PAGE}
        what="differences"
        onMore={showMore}
      />
    </div>
  );
}
