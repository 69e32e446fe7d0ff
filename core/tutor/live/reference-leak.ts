import type { FileMap, Lesson } from '../../lesson/types.ts';

/**
 * Does a tutor's reply give away the reference solution? The solution is what the reference
 * adds to the starter (its lines the starter does not have); a reply leaks it when it holds a
 * long run of that code's tokens (lines the learner already wrote are theirs to see). Tokens,
 * not characters: renamed whitespace, semicolons and line breaks do not hide a copy.
 */

export interface LeakCheck {
  /** The reference files (the starter with the reference laid over it). */
  reference: FileMap;
  starter: FileMap;
  /** The learner's files now: code they wrote themselves is theirs to see again. */
  learner: FileMap;
  /** What the lesson itself shows (prose, task, hints): quoting it gives nothing away. */
  shown: string;
}

/** The text a lesson shows the learner on its own: its prose, task and hints. */
export function shownText(lesson: Pick<Lesson, 'prose' | 'task' | 'tutor'>): string {
  const hints = lesson.tutor?.hints.map((h) => h.body) ?? [];
  return [lesson.prose, lesson.task, ...hints].join('\n');
}

export interface Leak {
  /** Tokens of the solution the reply shares in one run. */
  shared: number;
  /** Tokens of the solution in all. */
  of: number;
}

/** Fewer solution tokens than this and the check says nothing: a line of glue is no answer. */
const SMALLEST_SOLUTION = 8;
/** A shared run this long is a copy, whatever the solution's size. */
const LONG_RUN = 40;
/** ...and a run this much of a smaller solution is most of it. */
const SHARE = 0.5;

export function findReferenceLeak(reply: string, check: LeakCheck): Leak | undefined {
  const solution = solutionTokens(check);
  if (solution.length < SMALLEST_SOLUTION) return undefined;
  const threshold = Math.min(
    LONG_RUN,
    Math.max(SMALLEST_SOLUTION, Math.ceil(solution.length * SHARE)),
  );
  const said = tokens(reply);
  const run = longestSharedRun(solution, said);
  if (run.length < threshold) return undefined;
  return { shared: run.length, of: solution.length };
}

/** The reference's lines that neither the starter, the learner's code nor the lesson's text has. */
function solutionTokens({ reference, starter, learner, shown }: LeakCheck): string[] {
  const out: string[] = [];
  for (const [path, text] of Object.entries(reference)) {
    const known = `${starter[path] ?? ''}\n${learner[path] ?? ''}\n${shown}`;
    const start = new Set(known.split('\n').map(normalizeLine));
    for (const line of text.split('\n')) {
      const normal = normalizeLine(line);
      if (normal !== '' && !start.has(normal)) out.push(...tokens(line));
    }
  }
  return out;
}

function normalizeLine(line: string): string {
  return tokens(line).join(' ');
}

/** Identifiers, numbers, string contents and operators; comments and punctuation-only noise kept out. */
export function tokens(text: string): string[] {
  const code = text.replace(/\/\/[^\n]*|\/\*[\s\S]*?\*\//g, ' ');
  return (
    code.match(/[A-Za-z_$][\w$]*|\d+(?:\.\d+)?|===|!==|=>|&&|\|\||[=<>!+\-*/%?:.()[\]{}]/g) ?? []
  ).filter((t) => t !== ';' && t !== ',');
}

/** The longest run of tokens found, in order and unbroken, in both (dynamic programming). */
function longestSharedRun(a: readonly string[], b: readonly string[]): string[] {
  let best = 0;
  let end = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        const length = (previous[j - 1] ?? 0) + 1;
        row[j] = length;
        if (length > best) {
          best = length;
          end = i;
        }
      }
    }
    previous = row;
  }
  return a.slice(end - best, end);
}
