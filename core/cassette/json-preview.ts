import { isJsonObject } from '../json/json-diff.ts';

/**
 * JSON for people to read, of any size: a program can print a value half a million levels
 * deep, which `JSON.stringify` cannot even serialise (it recurses), and a report that carries
 * or quotes such a value must stay small enough to send, render and print.
 */

/** Compact JSON like `JSON.stringify`, cut at `maxChars` with `…`; never recurses. */
export function previewJson(value: unknown, maxChars: number): string {
  let out = '';
  // Tokens still to write, last first: a value to serialise, or literal text.
  const todo: ({ text: string } | { value: unknown })[] = [{ value }];
  while (todo.length > 0 && out.length <= maxChars) {
    const next = todo.pop()!;
    if ('text' in next) {
      out += next.text;
      continue;
    }
    const v = next.value;
    if (Array.isArray(v)) {
      out += '[';
      todo.push({ text: ']' });
      // Only as many items as could still show: the rest would be cut anyway.
      const shown = Math.min(v.length, maxChars - out.length + 1);
      if (shown < v.length) todo.push({ text: ',…' });
      for (let i = shown - 1; i >= 0; i--) {
        todo.push({ value: v[i] === undefined ? null : v[i] });
        if (i > 0) todo.push({ text: ',' });
      }
    } else if (isJsonObject(v)) {
      out += '{';
      todo.push({ text: '}' });
      const keys = Object.keys(v).filter((key) => v[key] !== undefined);
      const shown = Math.min(keys.length, maxChars - out.length + 1);
      if (shown < keys.length) todo.push({ text: ',…' });
      for (let i = shown - 1; i >= 0; i--) {
        const key = keys[i]!;
        todo.push({ value: v[key] });
        todo.push({ text: `${JSON.stringify(key)}:` });
        if (i > 0) todo.push({ text: ',' });
      }
    } else {
      out += scalarJson(v);
    }
  }
  return out.length > maxChars || todo.length > 0 ? `${out.slice(0, maxChars - 1)}…` : out;
}

function scalarJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** How much of a value a report keeps for display. */
export interface JsonBounds {
  /** Levels kept below the value itself. */
  depth: number;
  /** Items (or keys) kept of one array (or object). */
  items: number;
  /** Characters kept of one string. */
  chars: number;
  /** Values kept in all. */
  nodes: number;
}

const DISPLAY_BOUNDS: JsonBounds = { depth: 40, items: 1_000, chars: 10_000, nodes: 10_000 };

/**
 * A copy of `value` small enough to show: past the bounds, what is left out is replaced by a
 * string that says so (`"… 499,000 more items"`). Values within the bounds come back equal.
 */
export function boundJson(value: unknown, bounds: JsonBounds = DISPLAY_BOUNDS): unknown {
  let nodes = 0;
  const copy = (v: unknown, depth: number): unknown => {
    nodes++;
    if (typeof v === 'string') {
      return v.length > bounds.chars
        ? `${v.slice(0, bounds.chars)}… (${count(v.length - bounds.chars, 'more character')})`
        : v;
    }
    if (!Array.isArray(v) && !isJsonObject(v)) return v;
    if (depth >= bounds.depth)
      return `… (${Array.isArray(v) ? 'an array' : 'an object'} nested too deep to show)`;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) {
        if (out.length >= bounds.items || nodes >= bounds.nodes) break;
        out.push(copy(item, depth + 1));
      }
      if (out.length < v.length) out.push(`… ${count(v.length - out.length, 'more item')}`);
      return out;
    }
    const out: Record<string, unknown> = {};
    const keys = Object.keys(v);
    let kept = 0;
    for (const key of keys) {
      if (kept >= bounds.items || nodes >= bounds.nodes) break;
      out[key] = copy(v[key], depth + 1);
      kept++;
    }
    if (kept < keys.length) out['…'] = count(keys.length - kept, 'more key');
    return out;
  };
  return copy(value, 0);
}

/** `1 more item`, `19,998 more items`. */
export function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
