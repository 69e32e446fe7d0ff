import { globToRegExp } from './glob.ts';
import { optionalLine, optionalString, stringField, type ToolInput } from './tool-input.ts';
import type { Workspace } from './workspace.ts';

/** Lines one `read_file` shows: past them, the text is cut and a note says how to read on. */
export const READ_LIMIT_LINES = 40;
/** Matches one `grep` shows. */
const GREP_LIMIT_MATCHES = 50;

/** A file's lines, without the empty one after a final newline. */
export function fileLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (text.endsWith('\n')) lines.pop();
  return lines;
}

/** The text of `path`, or the error the tools give for a file that is not there. */
export function existingFile(ws: Workspace, path: string): string {
  const text = ws.read(path);
  if (text === undefined) throw new Error(`File not found: ${path}`);
  return text;
}

/**
 * `read_file`: the file's lines from `start_line` to `end_line` (1-based, inclusive; the
 * first and the last line when left out; an `end_line` past the end reads to the end), each
 * as its number, a tab and its text, as `cat -n` shows them. At most `READ_LIMIT_LINES` lines:
 * a longer range is cut, and a last line says where to read on.
 */
export function readFile(ws: Workspace, input: ToolInput): string {
  const path = stringField('read_file', input, 'path');
  const lines = fileLines(existingFile(ws, path));
  const start = optionalLine('read_file', input, 'start_line') ?? 1;
  const end = Math.min(optionalLine('read_file', input, 'end_line') ?? lines.length, lines.length);
  if (lines.length === 0) return `(${path} is empty)`;
  if (start > lines.length) {
    throw new Error(`start_line ${start} is past the end of ${path} (${lines.length} lines).`);
  }
  if (end < start) throw new Error(`end_line ${end} is before start_line ${start}.`);
  const last = Math.min(end, start + READ_LIMIT_LINES - 1);
  const shown = lines.slice(start - 1, last).map((line, i) => `${start + i}\t${line}`);
  if (last < end) {
    shown.push(
      `[cut at ${READ_LIMIT_LINES} lines: showed ${start}-${last} of ${lines.length}; read on with start_line ${last + 1}]`,
    );
  }
  return shown.join('\n');
}

/** `list_files`: the paths that match `pattern` (a glob; every file when left out), one a line. */
export function listFiles(ws: Workspace, input: ToolInput): string {
  const pattern = optionalString('list_files', input, 'pattern') ?? '**';
  const glob = globToRegExp(pattern);
  const paths = ws.paths().filter((path) => glob.test(path));
  return paths.length > 0 ? paths.join('\n') : `No files match ${pattern}`;
}

/**
 * `grep`: every line that matches `pattern` (a regular expression), as `path:line:text`, in
 * the files that match `glob` (every file when left out), in path order. At most
 * `GREP_LIMIT_MATCHES` lines, then a note.
 */
export function grep(ws: Workspace, input: ToolInput): string {
  const pattern = stringField('grep', input, 'pattern');
  const glob = globToRegExp(optionalString('grep', input, 'glob') ?? '**');
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    throw new Error(`Invalid pattern: ${(error as Error).message}`, { cause: error });
  }
  const found: string[] = [];
  let total = 0;
  for (const path of ws.paths().filter((p) => glob.test(p))) {
    fileLines(existingFile(ws, path)).forEach((line, i) => {
      if (!regex.test(line)) return;
      total++;
      if (found.length < GREP_LIMIT_MATCHES) found.push(`${path}:${i + 1}:${line}`);
    });
  }
  if (total === 0) return `No matches for ${pattern}`;
  if (total > found.length) found.push(`[cut at ${GREP_LIMIT_MATCHES} of ${total} matches]`);
  return found.join('\n');
}
