/**
 * Reads a lesson's task.md as the rule check sees it: one line of text per sentence or list
 * item, with code blocks, headings, tables and markdown emphasis left out.
 */

/** Collapses whitespace and drops `**` emphasis, so quotes can span the file's line breaks. */
export function normalize(text: string): string {
  return text.replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

/** The sentences of a task, in order, each normalised. */
export function taskSentences(markdown: string): string[] {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(paragraph.join(' '));
    paragraph = [];
  };
  let inCode = false;
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('```')) {
      inCode = !inCode;
      flush();
      continue;
    }
    if (inCode) continue;
    if (line === '' || line.startsWith('#')) {
      flush();
      continue;
    }
    // Tables walk through an example call by call: they show the rules at work, they add none.
    if (line.startsWith('|')) {
      flush();
      continue;
    }
    const item = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (item) {
      flush();
      paragraph.push(item[1] ?? '');
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks.flatMap(splitSentences).map(normalize).filter(Boolean);
}

/** Splits a paragraph after `.`, `!` or `?` where a new sentence starts. */
function splitSentences(paragraph: string): string[] {
  return paragraph.split(/(?<=[.!?])\s+(?=[A-Z`*_"(])/);
}

/** True when the quote and the sentence overlap: one holds the other. */
export function quotes(quote: string, sentence: string): boolean {
  const q = normalize(quote);
  return sentence.includes(q) || q.includes(sentence);
}
