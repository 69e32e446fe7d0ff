/**
 * A scanner of TypeScript source that knows just enough of the syntax to see its structure
 * without a parser: strings, template literals (with their `${}` holes), comments, regular
 * expressions and brackets. It reports, for every line, whether it starts in code and how
 * deep in brackets, and every identifier with the token before it. The TypeScript compiler
 * would be exact but weighs megabytes; this is a few kilobytes, and the page runs it.
 */

/** Where a line starts, and in what state the scanner is there. */
export interface LineStart {
  /** Offset of the line's first character. */
  at: number;
  /** False when the line starts inside a comment, a string or a template literal's text. */
  code: boolean;
  /** Open brackets (`(`, `[`, `{`, `${`) around the line's start. */
  depth: number;
  /** The last token before the line: a punctuation character, a word, or `v` for a literal. */
  last: string;
}

/** An identifier (or keyword) in code. */
export interface Word {
  at: number;
  text: string;
  /** Written after `.`, `?.` or `#`: a property name, not a reference to a declaration. */
  member: boolean;
  /** Open brackets around it. */
  depth: number;
}

export interface Scan {
  lines: LineStart[];
  words: Word[];
}

const IDENT_START = /[\p{ID_Start}$_\\]/u;
const IDENT_PART = /[\p{ID_Continue}$\\]/u;
const DIGIT = /[0-9]/;
/** After one of these a `/` starts a regular expression; after anything else it divides. */
const REGEX_AFTER = new Set([...'(,=:[!&|?{};+-*%<>~^', '...', '']);
const REGEX_AFTER_WORDS = new Set(
  'return typeof instanceof in of new delete void throw case do else yield await'.split(' '),
);
const CLOSE_OF: Record<string, string> = { ')': '(', ']': '[', '}': '{' };

/** Scans `text` (with `\n` line ends); a string says what in it is not closed or does not match. */
export function scanCode(text: string): Scan | string {
  const n = text.length;
  const lines: LineStart[] = [{ at: 0, code: true, depth: 0, last: '' }];
  const words: Word[] = [];
  const stack: string[] = [];
  let last = '';
  const lineAfter = (at: number, code: boolean) =>
    lines.push({ at: at + 1, code, depth: stack.length, last });
  const linesWithin = (from: number, to: number) => {
    for (let k = text.indexOf('\n', from); k >= 0 && k < to; k = text.indexOf('\n', k + 1)) {
      lineAfter(k, false);
    }
  };

  /** From inside a template literal's text: the offset after its end or after a `${`. */
  const template = (from: number): number => {
    for (let j = from; j < n; j++) {
      const ch = text[j];
      if (ch === '\\') j++;
      else if (ch === '`') {
        linesWithin(from, j);
        last = 'v';
        return j + 1;
      } else if (ch === '$' && text[j + 1] === '{') {
        linesWithin(from, j);
        stack.push('${');
        last = '{';
        return j + 2;
      }
    }
    return -1;
  };

  let i = 0;
  while (i < n) {
    const c = text[i] as string;
    if (c === '\n') {
      lineAfter(i, true);
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\ufeff' || c === '\u00a0') {
      i++;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) return 'a comment is not closed';
      linesWithin(i, end);
      i = end + 2;
    } else if (c === '"' || c === "'") {
      const end = stringEnd(text, i, c);
      if (end < 0) return 'a string is not closed';
      linesWithin(i, end);
      i = end;
      last = 'v';
    } else if (c === '`') {
      i = template(i + 1);
      if (i < 0) return 'a template literal is not closed';
    } else if (c === '/' && (REGEX_AFTER.has(last) || REGEX_AFTER_WORDS.has(last))) {
      i = regexEnd(text, i);
      if (i < 0) return 'a regular expression is not closed';
      last = 'v';
    } else if (DIGIT.test(c) || (c === '.' && DIGIT.test(text[i + 1] ?? ''))) {
      i++;
      while (i < n && /[\w.]/.test(text[i] as string)) {
        i += /[eE]/.test(text[i] as string) && /[+-]/.test(text[i + 1] ?? '') ? 2 : 1;
      }
      last = 'v';
    } else if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && IDENT_PART.test(text[j] as string)) j++;
      const member = last === '.' || last === '#';
      words.push({ at: i, text: text.slice(i, j), member, depth: stack.length });
      last = text.slice(i, j);
      i = j;
    } else if (c === '(' || c === '[' || c === '{') {
      stack.push(c);
      last = c;
      i++;
    } else if (c === ')' || c === ']' || c === '}') {
      const open = stack.pop();
      if (open === '${' && c === '}') {
        i = template(i + 1);
        if (i < 0) return 'a template literal is not closed';
        continue;
      }
      if (open !== CLOSE_OF[c]) return `a ${c} does not match`;
      last = c;
      i++;
    } else if (c === '.' && text.startsWith('...', i)) {
      last = '...';
      i += 3;
    } else {
      last = c;
      i++;
    }
  }
  if (stack.length > 0) return `a ${stack.at(-1) === '${' ? '${' : stack.at(-1)} is not closed`;
  return { lines, words };
}

/** The offset after a quoted string that starts at `at`, or -1 if a line ends first. */
function stringEnd(text: string, at: number, quote: string): number {
  for (let j = at + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') j++;
    else if (ch === quote) return j + 1;
    else if (ch === '\n') return -1;
  }
  return -1;
}

/** The offset after a regular expression literal (and its flags) that starts at `at`, or -1. */
function regexEnd(text: string, at: number): number {
  let inClass = false;
  for (let j = at + 1; j < text.length; j++) {
    const ch = text[j];
    if (ch === '\\') j++;
    else if (ch === '\n') return -1;
    else if (inClass) inClass = ch !== ']';
    else if (ch === '[') inClass = true;
    else if (ch === '/') {
      let k = j + 1;
      while (k < text.length && IDENT_PART.test(text[k] as string)) k++;
      return k;
    }
  }
  return -1;
}
