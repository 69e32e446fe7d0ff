/**
 * Formats console arguments the way a terminal would show them: strings as they are,
 * everything else as compact JSON, with a fallback for values JSON cannot hold.
 */
export function formatConsoleArgs(args: readonly unknown[], stringify = JSON.stringify): string {
  return args.map((arg) => formatValue(arg, stringify)).join(' ');
}

function formatValue(value: unknown, stringify: typeof JSON.stringify): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return 'undefined';
  if (typeof value === 'function') return `[Function ${value.name || '(anonymous)'}]`;
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return value.toString();
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
