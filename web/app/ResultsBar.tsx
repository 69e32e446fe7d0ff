import type { ReactNode } from 'react';
import type { ResultsLayout } from '../store/preferences-slice.ts';

interface Props {
  /** "Results" with the latest run's outcome. */
  label: ReactNode;
  layout: ResultsLayout;
  onChange(change: Partial<ResultsLayout>): void;
}

/**
 * The results' own bar on a wide screen: where they sit (below the editor or beside it), and,
 * below it, folding them to the verdict so the code has the column's height.
 */
export function ResultsBar({ label, layout, onChange }: Props) {
  const below = layout.dock === 'below';
  return (
    <div className="results-bar">
      <span className="results-bar-title">{label}</span>
      <div className="results-bar-actions">
        <div role="group" aria-label="Place the results" className="segmented">
          <button
            type="button"
            className="button small ghost"
            aria-pressed={below}
            title="Results below the code: the editor takes the full width"
            onClick={() => onChange({ dock: 'below' })}
          >
            Below
          </button>
          <button
            type="button"
            className="button small ghost"
            aria-pressed={!below}
            title="Results in a column of their own, right of the code"
            onClick={() => onChange({ dock: 'right', collapsed: false })}
          >
            Right
          </button>
        </div>
        {below && (
          <button
            type="button"
            className="button small ghost"
            aria-expanded={!layout.collapsed}
            title={layout.collapsed ? 'Show the cases again' : 'Keep the verdict only'}
            onClick={() => onChange({ collapsed: !layout.collapsed })}
          >
            {layout.collapsed ? 'Expand' : 'Collapse'}
            <span className="visually-hidden"> the results</span>
          </button>
        )}
      </div>
    </div>
  );
}
