/** Terminal colours, only when the output is a terminal and NO_COLOR is unset. */
const enabled = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const wrap = (code: number) => (text: string) => (enabled ? `\x1b[${code}m${text}\x1b[0m` : text);

export const style = {
  bold: wrap(1),
  dim: wrap(2),
  red: wrap(31),
  green: wrap(32),
  yellow: wrap(33),
  cyan: wrap(36),
};
