import type { DiffLine } from './line-diff.ts';

/**
 * What a call that changes a file would do, for the person asked to approve it: the path, and
 * the lines it takes out and puts in (`edit_file`: `old_str` then `new_str`; `write_file`: the
 * new text). Other tools, or inputs not shaped as these tools take them, show their input only.
 */
export interface CallPreview {
  /** The file the call would change, when it names one. */
  path?: string;
  /** `-` the text it replaces, `+` the text it puts in; a gap (`…`) where lines are left out. */
  lines: DiffLine[];
}

/** Lines of one side shown at most: enough to judge a small edit, not a whole file. */
export const PREVIEW_LINES = 24;

function side(op: '-' | '+', text: string): DiffLine[] {
  const lines = text.replace(/\n$/, '').split('\n');
  const shown = lines.slice(0, PREVIEW_LINES).map((line) => ({ op, text: line }));
  const left = lines.length - shown.length;
  return left > 0 ? [...shown, { op: '…', text: `${left} more lines` }] : shown;
}

export function callPreview(name: string, input: Record<string, unknown>): CallPreview {
  const path = typeof input.path === 'string' ? input.path : undefined;
  const at = path === undefined ? {} : { path };
  if (
    name === 'edit_file' &&
    typeof input.old_str === 'string' &&
    typeof input.new_str === 'string'
  ) {
    return { ...at, lines: [...side('-', input.old_str), ...side('+', input.new_str)] };
  }
  if (name === 'write_file' && typeof input.content === 'string') {
    return { ...at, lines: side('+', input.content) };
  }
  return { ...at, lines: [] };
}
