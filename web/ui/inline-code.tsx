import type { ReactNode } from 'react';

/**
 * Short text with `backtick` spans as code, as React text (never HTML): for labels that cannot
 * hold block markdown, and for messages from a run (an API's error, a diagnostic), which are
 * the learner's or the API's words and must not be read as markup. The backticks stay in the
 * text, hidden: copied or read back (tests, the CLI agreement check), the text is unchanged.
 * An unpaired backtick is shown as it is.
 */
export function inlineCode(text: string): ReactNode[] {
  const parts = text.split('`');
  // An even count of parts means an odd count of backticks: the last one opens nothing.
  const unpaired = parts.length % 2 === 0 ? parts.length - 1 : -1;
  const out: ReactNode[] = [];
  parts.forEach((part, i) => {
    if (i === unpaired) out.push(`\`${part}`);
    else if (i % 2 === 0) out.push(part);
    else {
      out.push(
        <code key={i} className="inline-code">
          <span className="code-tick visually-hidden" aria-hidden="true">
            `
          </span>
          {part}
          <span className="code-tick visually-hidden" aria-hidden="true">
            `
          </span>
        </code>,
      );
    }
  });
  return out;
}
