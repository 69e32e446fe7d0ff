/** Terminal colours, only when the output is a terminal and NO_COLOR is unset. */
const enabled = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const wrap = (code: number) => (text: string) => (enabled ? `\x1b[${code}m${text}\x1b[0m` : text);

export const style = {
  bold: wrap(1),
  dim: wrap(2),
  italic: wrap(3),
  red: wrap(31),
  green: wrap(32),
  yellow: wrap(33),
  cyan: wrap(36),
};

/** The length of `text` as the terminal shows it, without its colour codes. */
export function visibleLength(text: string): number {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\x1b\[[0-9;]*m/g, '').length;
}

/** Columns to lay text out in: the terminal's width, kept readable (40 to 100). */
export function textWidth(): number {
  const columns = process.stdout.isTTY ? process.stdout.columns : undefined;
  return Math.max(40, Math.min(columns ?? 80, 100));
}
