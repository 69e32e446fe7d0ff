import type { ReactNode } from 'react';

/** Short text with `backtick` spans as code: for labels that cannot hold block markdown. */
export function inlineCode(text: string): ReactNode[] {
  return text.split('`').map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
