import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  caseName: string;
  /** The tutor's paragraph, rendered. */
  children: ReactNode;
  /** More to read under the paragraph (what the opened experiment shows, ...). */
  more?: ReactNode;
  onDismiss(): void;
}

/**
 * "Explain this failure": why the learner's own case failed, above the experiment, question
 * or hints that go with it. It takes the focus when it opens, as the learner's click came from
 * the results, on the other side of the page.
 */
export function ExplainCard({ caseName, children, more, onDismiss }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: 'start' });
  }, [caseName, children]);
  return (
    <section className="explain-card" aria-label="Why your case failed">
      <h3 className="tutor-heading" ref={heading} tabIndex={-1}>
        Why <code>{caseName}</code> failed
      </h3>
      {children}
      {more}
      <button type="button" className="button small ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}
