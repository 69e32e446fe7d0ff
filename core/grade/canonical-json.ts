import { isJsonObject } from '../json/json-diff.ts';

/** An array or object being written: its items (an object's sorted keys) and the next one. */
type Frame =
  | { array: unknown[]; next: number }
  | { object: Record<string, unknown>; keys: string[]; next: number };

/**
 * One text for every JSON value that `jsonEqual` holds equal to it: compact, keys sorted, keys
 * holding `undefined` left out (as `JSON.stringify` leaves them). Iterative, so a value half a
 * million levels deep (which a program may print) is written without overflowing the stack;
 * undefined once it is longer than `maxChars`, whose cost it then stops at.
 */
export function canonicalJson(value: unknown, maxChars = Infinity): string | undefined {
  let out = '';
  const stack: Frame[] = [];
  const open = (v: unknown) => {
    if (Array.isArray(v)) {
      out += '[';
      stack.push({ array: v, next: 0 });
    } else if (isJsonObject(v)) {
      out += '{';
      const keys = Object.keys(v).filter((key) => v[key] !== undefined);
      stack.push({ object: v, keys: keys.sort(), next: 0 });
    } else {
      out += JSON.stringify(v) ?? 'null';
    }
  };
  open(value);
  while (stack.length > 0) {
    if (out.length > maxChars) return undefined;
    const frame = stack[stack.length - 1]!;
    const i = frame.next++;
    if ('array' in frame) {
      if (i < frame.array.length) {
        if (i > 0) out += ',';
        open(frame.array[i] ?? null);
        continue;
      }
      out += ']';
    } else {
      const key = frame.keys[i];
      if (key !== undefined) {
        out += `${i > 0 ? ',' : ''}${JSON.stringify(key)}:`;
        open(frame.object[key]);
        continue;
      }
      out += '}';
    }
    stack.pop();
  }
  return out.length > maxChars ? undefined : out;
}
