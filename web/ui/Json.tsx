import { useState } from 'react';

/** Characters of JSON shown before "Show all": laying out megabytes of text holds the page up. */
const SHOWN_CHARS = 40_000;

/** A JSON value, pretty-printed; `undefined` shows as a dash rather than nothing. */
export function Json({ value, className }: { value: unknown; className?: string }) {
  const [all, setAll] = useState(false);
  const text = formatJson(value);
  const cut = !all && text.length > SHOWN_CHARS;
  // Focusable, so a long value can be scrolled from the keyboard.
  return (
    <>
      <pre className={`json ${className ?? ''}`.trim()} tabIndex={0}>
        {cut ? `${text.slice(0, SHOWN_CHARS)}\n…` : text}
      </pre>
      {cut && (
        <p className="show-more">
          <button type="button" className="button small" onClick={() => setAll(true)}>
            Show all
          </button>{' '}
          <span className="muted">
            ({Math.round(text.length / 1024).toLocaleString('en')} KB; the first{' '}
            {Math.round(SHOWN_CHARS / 1024)} KB are shown)
          </span>
        </p>
      )}
    </>
  );
}

export function formatJson(value: unknown): string {
  if (value === undefined) return '—';
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/** One line of JSON for inline display, cut at `max` characters. */
export function inlineJson(value: unknown, max = 120): string {
  const text = value === undefined ? '—' : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
