import { useState } from 'react';

/**
 * Long lists render a page at a time: a case can produce thousands of diff entries, stack
 * frames or console lines, and rendering them all at once would hold the page up. Returns how
 * many to show and a way to show the next page.
 */
export function useShownCount(total: number, page: number): [number, () => void] {
  const [pages, setPages] = useState(1);
  return [Math.min(total, pages * page), () => setPages((n) => n + 1)];
}

interface Props {
  shown: number;
  total: number;
  page: number;
  /** What the rows are, plural: "differences", "lines". */
  what: string;
  onMore(): void;
}

/** "Show 50 more (1,234 differences not shown)": nothing once every row is shown. */
export function ShowMore({ shown, total, page, what, onMore }: Props) {
  const left = total - shown;
  if (left <= 0) return null;
  return (
    <p className="show-more">
      <button type="button" className="button small" onClick={onMore}>
        Show {Math.min(page, left).toLocaleString('en')} more
      </button>{' '}
      <span className="muted">
        ({left.toLocaleString('en')} {what} not shown)
      </span>
    </p>
  );
}
