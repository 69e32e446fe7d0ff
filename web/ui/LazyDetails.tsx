import { useState, type ReactNode } from 'react';

/**
 * A `<details>` whose content is rendered only once it is opened: a transcript has a raw
 * request and response per turn, and most are never looked at.
 */
export function LazyDetails({
  summary,
  children,
}: {
  summary: ReactNode;
  children: () => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <details className="inline-details" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
