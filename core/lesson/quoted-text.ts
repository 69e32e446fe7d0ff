/**
 * Tutor markdown that quotes the learner's run. A value that comes from a run or from learner
 * code (a thrown message, a printed value, an API's error) never goes into markdown as
 * markdown: the text holds a mark where it stands, and the value travels beside it, to be put
 * in as text once the markdown is rendered (web/features/lessons/markdown.ts) or spelled out
 * where no markdown is read (the live tutor's prompt, a terminal). A backtick in a thrown
 * message then cannot close the code span it is quoted in, and `<style>` stays five letters.
 */

/** Values a text quotes, by name. */
export type Quoted = Readonly<Record<string, string>>;

/**
 * Private-use characters around a name: no markdown syntax reads them, and no lesson text,
 * run or highlighter has a use for them, so a mark reaches the rendered page whole.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';

/** Every mark in a text; `[1]` is the quoted value's name. */
export const QUOTE_MARK = /\uE000([A-Za-z]+)\uE001/g;

/** The mark that stands for the quoted value `name`. */
export function quoteMark(name: string): string {
  return `${OPEN}${name}${CLOSE}`;
}

/** Whether a text holds a mark (cheaper than the pattern, for the many texts that do not). */
export function hasQuoteMark(text: string): boolean {
  return text.includes(OPEN);
}

/** A text with each mark replaced by its value (an unknown one by nothing): plain text. */
export function spellOut(text: string, quoted: Quoted | undefined): string {
  return text.replace(QUOTE_MARK, (_mark, name: string) => quoted?.[name] ?? '');
}
