// Where any thread or process reports an error to another: as plain data, never a thrown object.

/** An error as it crosses the boundary: never a thrown object or a bare string. */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks an error that crossed a boundary: a `SerializedError`, or `undefined`. */
export function parseError(value: unknown): SerializedError | undefined {
  if (!isRecord(value)) return;
  const { name, message, stack } = value;
  if (typeof name !== 'string' || typeof message !== 'string') return;
  return typeof stack === 'string' ? { name, message, stack } : { name, message };
}

/** Turns anything thrown into a `SerializedError`, whatever it is. */
export function serializeError(thrown: unknown): SerializedError {
  try {
    if (thrown instanceof Error) {
      const out: SerializedError = { name: String(thrown.name), message: String(thrown.message) };
      if (typeof thrown.stack === 'string') out.stack = thrown.stack;
      return out;
    }
    return { name: 'Thrown value', message: describeThrown(thrown) };
  } catch {
    return { name: 'Thrown value', message: '(a value that could not be described)' };
  }
}

function describeThrown(value: unknown): string {
  if (typeof value === 'string') return `a string was thrown: ${JSON.stringify(value)}`;
  try {
    return `a non-Error value was thrown: ${JSON.stringify(value) ?? String(value)}`;
  } catch {
    return `a non-Error value was thrown: ${Object.prototype.toString.call(value)}`;
  }
}
