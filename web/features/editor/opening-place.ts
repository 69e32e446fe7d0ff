/** A place in a file (1-based). */
export interface Place {
  line: number;
  column: number;
}

/**
 * Where the editor opens a lesson's file: the first TODO the learner has yet to do, or, once
 * none is left, the first line they changed from the starter (where they were working).
 * Undefined when neither exists: the top of the file is the right place.
 */
export function openingPlace(text: string, starter: string): Place | undefined {
  const lines = text.split(/\r?\n/);
  const todo = lines.findIndex((line) => /\bTODO\b/.test(line));
  if (todo >= 0) return at(lines, todo);
  const before = starter.split(/\r?\n/);
  const changed = lines.findIndex((line, i) => line !== before[i]);
  if (changed >= 0) return at(lines, changed);
  if (lines.length < before.length) return at(lines, Math.max(lines.length - 1, 0));
  return undefined;
}

function at(lines: string[], index: number): Place {
  const line = lines[index] ?? '';
  return { line: index + 1, column: line.length - line.trimStart().length + 1 };
}
