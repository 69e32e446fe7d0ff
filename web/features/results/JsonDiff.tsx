import { Fragment, type ReactNode } from 'react';
import type { DiffEntry } from '../../../core/index.ts';
import { inlineJson } from '../../ui/Json.tsx';
import { ShowMore, useShownCount } from '../../ui/ShowMore.tsx';

const kindLabel: Record<DiffEntry['kind'], string> = {
  changed: 'changed',
  missing: 'missing',
  extra: 'unexpected',
};

/**
 * A path that breaks only between its keys (before a `.`), never inside one: `messages[1]`
 * stays whole, where breaking anywhere split it across lines.
 */
function pathParts(path: string): ReactNode[] {
  return path.split(/(?=\.)/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      <span className="diff-key">{part}</span>
    </Fragment>
  ));
}

/** Differences rendered at first, and per "Show more". */
const PAGE = 50;

/**
 * Expected vs actual as a list of paths. For a hidden case the core has already removed the
 * expected values, so only the path and the learner's own value can show. A long diff renders
 * a page at a time; long values wrap inside their cell, and the table scrolls sideways before
 * it squeezes a header. In a narrow pane each difference is a block of its own, its values
 * under its path at the pane's full width (output.css).
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
                <code>{entry.path === '' ? '(root)' : pathParts(entry.path)}</code>
              </td>
              <td className="diff-kind">
                <span className={`badge diff-${entry.kind}`}>{kindLabel[entry.kind]}</span>
              </td>
              {!hidden && (
                <td className="diff-value diff-expected" data-label="Expected">
                  <code>{entry.kind === 'extra' ? '—' : inlineJson(entry.expected, 400)}</code>
                </td>
              )}
              <td className="diff-value diff-actual" data-label="Actual">
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
