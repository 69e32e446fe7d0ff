import { displayPath, type DiffEntry } from '../json/json-diff.ts';
import { count, previewJson } from '../cassette/json-preview.ts';
import { describeFileDiff } from './workspace-diff.ts';

/** Values in a message or a detail line: compact JSON, one readable line. */
function show(value: unknown): string {
  return previewJson(value, 200);
}

/** A hidden case's output that differs, where no free text of it does. */
const HIDDEN_WHOLE =
  'The output differs from the expected output. A hidden case checks it as a whole: ' +
  "compare what the code printed with a visible case's output.";

/**
 * The sentence that names the first difference, counting the rest (`total` in all). A hidden
 * case's says where, never what was expected; and where is only ever a long free text, or the
 * whole output (its seal holds nothing finer, see core/grade/sealed-output.ts).
 */
export function describeDiff(visible: boolean, diff: readonly DiffEntry[], total: number): string {
  const first = diff[0];
  if (!first) return 'The output differs from the expected output.';
  const where = first.path === '' ? 'the output' : first.path;
  const more = total > 1 ? ` (and ${count(total - 1, 'more difference')})` : '';
  const file = describeFileDiff(first, visible, more);
  if (file) return file;
  if (!visible) {
    if (first.path === '') return HIDDEN_WHOLE;
    return `${where} ${first.kind === 'missing' ? 'is missing' : 'is wrong'}${more}.`;
  }
  if (first.kind === 'missing')
    return `${where} is missing: expected ${show(first.expected)}${more}.`;
  if (first.kind === 'extra')
    return `${where} should not be there: got ${show(first.actual)}${more}.`;
  return `${where}: expected ${show(first.expected)}, got ${show(first.actual)}${more}.`;
}

/**
 * One difference as a detail line (`trajectory[1]: missing, expected {...}`): what a host
 * lists under the message. Values show only where the report has them (never a hidden
 * case's expected ones).
 */
export function describeDiffEntry(entry: DiffEntry): string {
  const where = displayPath(entry.path);
  const expected = 'expected' in entry ? `, expected ${show(entry.expected)}` : '';
  if (entry.kind === 'missing') return `${where}: missing${expected}`;
  if (entry.kind === 'extra') return `${where}: unexpected, got ${show(entry.actual)}`;
  return `${where}: ${expected ? `${expected.slice(2)}, got` : 'got'} ${show(entry.actual)}`;
}
