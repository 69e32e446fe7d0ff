import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  caseName: string;
  /** The tutor's paragraph about the learner's run, rendered. */
  children: ReactNode;
  /** The experiment whose change was in the learner's code when it ran, by title. */
  experiment?: string;
  /** More to read under the paragraph (what the opened experiment shows, ...). */
  more?: ReactNode;
  onDismiss(): void;
}

/**
 * "Explain this failure": why the learner's own case failed, in words about their run, above
 * the experiment, question or hints that go with it. An experiment is named only when its
 * change was in the code that ran. It takes the focus when it opens, as the learner's click
 * came from the results, on the other side of the page.
 */
export function ExplainCard({ caseName, children, experiment, more, onDismiss }: Props) {
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
      {experiment && (
        <p className="explain-experiment">
          Your code ran with the change the experiment “{experiment}” makes, so this is that change
          failing, not your own code: Restore my code puts yours back.
        </p>
      )}
      {more}
      <button type="button" className="button small ghost" onClick={onDismiss}>
        Dismiss
      </button>
    </section>
  );
}
