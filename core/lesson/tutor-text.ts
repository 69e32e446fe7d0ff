import type { TutorAnchor, TutorExperiment } from './tutor-schema.ts';

/** A 1-based, inclusive range of lines. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** The lines that hold the first occurrence of an anchor's text, or undefined when it is absent. */
export function findAnchor(
  text: string,
  anchor: Pick<TutorAnchor, 'match'>,
): LineRange | undefined {
  const at = text.indexOf(anchor.match);
  if (at < 0) return;
  const startLine = lineAt(text, at);
  return { startLine, endLine: lineAt(text, at + anchor.match.length - 1) };
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

export type EditResult = { ok: true; text: string } | { ok: false; reason: string };

/**
 * Applies an experiment's edit. Its `find` text must occur exactly once: as written, or else
 * written the way a learner may have written it (other indentation or line breaks, the other
 * kind of quotes, a semicolon left out). The replacement then takes the learner's indentation.
 */
export function applyExperimentEdit(text: string, edit: TutorExperiment['edit']): EditResult {
  const found = locate(text, edit.find);
  if (found === 'absent') return { ok: false, reason: 'the code to change is not in the file' };
  if (found === 'twice') {
    return { ok: false, reason: 'the code to change occurs more than once in the file' };
  }
  const replace = reindent(edit.replace, indentOf(edit.find), indentOf(found.text));
  return {
    ok: true,
    text: text.slice(0, found.at) + replace + text.slice(found.at + found.text.length),
  };
}

type Located = { at: number; text: string } | 'absent' | 'twice';

function locate(text: string, find: string): Located {
  const [only, another] = text.matchAll(looseSearch(find));
  if (another) return 'twice';
  if (only) return { at: only.index, text: only[0] };
  // The pattern wants leading indentation at the start of a line; the text as written need not.
  const first = text.indexOf(find);
  if (first < 0) return 'absent';
  return text.indexOf(find, first + 1) >= 0 ? 'twice' : { at: first, text: find };
}

/**
 * A pattern for `find` that allows any whitespace between its tokens (at least some where
 * two words meet), either quote for a quote, an optional semicolon, and an optional trailing
 * comma before a closing bracket. Leading indentation
 * matches any indentation at the start of a line; a final line break, any line break.
 */
function looseSearch(find: string): RegExp {
  const tokens = find.match(/\s+|[A-Za-z0-9_$]+|[^\sA-Za-z0-9_$]/g) ?? [];
  let source = '';
  tokens.forEach((token, i) => {
    const before = tokens[i - 1];
    if (isSpace(token)) {
      if (before === undefined) source += '^[ \\t]*';
      else if (i === tokens.length - 1) source += token.includes('\n') ? '[ \\t]*\\r?\\n' : '';
      else source += isWord(before) && isWord(tokens[i + 1] ?? '') ? '\\s+' : '\\s*';
      return;
    }
    if (before !== undefined && !isSpace(before)) source += '\\s*';
    if (/^[)\]}]$/.test(token)) source += ',?\\s*';
    if (token === "'" || token === '"') source += `['"]`;
    else if (token === ';') source += ';?';
    else source += token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(source, 'gm');
}

function isSpace(token: string): boolean {
  return /^\s+$/.test(token);
}

function isWord(token: string): boolean {
  return /^[A-Za-z0-9_$]+$/.test(token);
}

/** The indentation of a text's first line. */
function indentOf(text: string): string {
  return /^[ \t]*/.exec(text)?.[0] ?? '';
}

/** Moves every line of `text` that starts with `from` to start with `to` instead. */
function reindent(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text
    .split('\n')
    .map((line) => (line.startsWith(from) ? to + line.slice(from.length) : line))
    .join('\n');
}
