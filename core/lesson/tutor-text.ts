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

/** Applies an experiment's edit: its `find` text must occur exactly once. */
export function applyExperimentEdit(text: string, edit: TutorExperiment['edit']): EditResult {
  const first = text.indexOf(edit.find);
  if (first < 0) return { ok: false, reason: 'the code to change is not in the file' };
  if (text.indexOf(edit.find, first + 1) >= 0) {
    return { ok: false, reason: 'the code to change occurs more than once in the file' };
  }
  return {
    ok: true,
    text: text.slice(0, first) + edit.replace + text.slice(first + edit.find.length),
  };
}
