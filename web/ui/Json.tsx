/** A JSON value, pretty-printed; `undefined` shows as a dash rather than nothing. */
export function Json({ value, className }: { value: unknown; className?: string }) {
  // Focusable, so a long value can be scrolled from the keyboard.
  return (
    <pre className={`json ${className ?? ''}`.trim()} tabIndex={0}>
      {formatJson(value)}
    </pre>
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
