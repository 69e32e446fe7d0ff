import { existingFile } from './read-tools.ts';
import { stringField, type ToolInput } from './tool-input.ts';
import type { Workspace } from './workspace.ts';

/**
 * The errors of Anthropic's text editor tool for a `str_replace` that does not match exactly
 * once, in the words its documentation gives an implementation ("Handle errors").
 */
export const NO_MATCH = 'No match found for replacement. Please check your text and try again.';
export const manyMatches = (count: number): string =>
  `Found ${count} matches for replacement text. Please provide more context to make a unique match.`;

/** Where `needle` occurs in `text`, without overlaps; stops counting at `stopAt`. */
export function occurrences(text: string, needle: string, stopAt = Infinity): number[] {
  const at: number[] = [];
  for (let i = text.indexOf(needle); i !== -1 && at.length < stopAt;) {
    at.push(i);
    i = text.indexOf(needle, i + needle.length);
  }
  return at;
}

/**
 * `edit_file`, the text editor tool's `str_replace`: `old_str` must occur in the file exactly
 * once, as it is (whitespace and all); that one occurrence becomes `new_str`, taken literally
 * (a `$&` in it is two characters, not a pattern). No match, or several, is an error that
 * says which, and the file is left as it was.
 */
export function editFile(ws: Workspace, input: ToolInput): string {
  const path = stringField('edit_file', input, 'path');
  const oldStr = stringField('edit_file', input, 'old_str');
  const newStr = stringField('edit_file', input, 'new_str');
  const text = existingFile(ws, path);
  // An empty old_str matches everywhere: there is no one place it could mean.
  if (oldStr === '') throw new Error('old_str is empty: give the exact text to replace.');
  const at = occurrences(text, oldStr);
  if (at.length === 0) throw new Error(NO_MATCH);
  if (at.length > 1) throw new Error(manyMatches(at.length));
  const i = at[0] as number;
  ws.write(path, text.slice(0, i) + newStr + text.slice(i + oldStr.length));
  return `The file ${path} has been edited.`;
}

/** `write_file`: creates the file, or replaces all of its text with `content`. */
export function writeFile(ws: Workspace, input: ToolInput): string {
  const path = stringField('write_file', input, 'path');
  const content = stringField('write_file', input, 'content');
  const existed = ws.read(path) !== undefined;
  ws.write(path, content);
  return existed ? `The file ${path} has been replaced.` : `The file ${path} has been created.`;
}
