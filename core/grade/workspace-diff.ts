import type { DiffEntry } from '../json/json-diff.ts';
import { previewJson } from '../cassette/json-preview.ts';

/**
 * A harness that gives the code a workspace prints the files as the run left them under
 * `files`, path to text (fixtures/README.md). A difference there is told as a file: which
 * one, and for a visible case the first line that differs, since a whole file in one JSON
 * string is hard to read.
 */
const FILE_PATH = /^files\["((?:[^"\\]|\\.)*)"\]$/;

/** The sentence for a difference in the printed `files`, or `undefined` for any other path. */
export function describeFileDiff(
  first: DiffEntry,
  visible: boolean,
  more: string,
): string | undefined {
  const match = FILE_PATH.exec(first.path);
  if (!match) return undefined;
  const file = JSON.parse(`"${match[1]}"`) as string;
  if (first.kind === 'missing') {
    return `The run should have left the file ${file} in the workspace, and did not${more}.`;
  }
  if (first.kind === 'extra')
    return `The run left a file the case does not expect: ${file}${more}.`;
  if (!visible) return `The file ${file}, as the run left it, is wrong${more}.`;
  if (typeof first.expected !== 'string' || typeof first.actual !== 'string') return undefined;
  const expected = first.expected.split('\n');
  const actual = first.actual.split('\n');
  let line = 0;
  while (line < expected.length && expected[line] === actual[line]) line++;
  const show = (text: string | undefined) =>
    text === undefined ? 'nothing' : previewJson(text, 200);
  return (
    `The file ${file}, as the run left it, differs at line ${line + 1}: ` +
    `expected ${show(expected[line])}, got ${show(actual[line])}${more}.`
  );
}
