import { PHRASES, STOPWORDS, SYNONYMS } from './vocabulary.ts';

/**
 * Text to the terms the question matcher compares: lowercased, identifiers split
 * (`stop_reason`, `toolUseId`), stopwords dropped, each word lightly stemmed and mapped to
 * the word that stands for its synonym group, then the bigrams of what remains.
 */

const stopwords = new Set(STOPWORDS.map(clean));

/** stem -> the stem of its group's first word. */
const canonical = new Map<string, string>();
for (const group of SYNONYMS) {
  const head = stem(group[0] ?? '');
  for (const word of group) canonical.set(stem(word), head);
}

const phrases = PHRASES.map(([phrase, word]) => ({ words: phrase.split(' '), word: term(word) }));

/** The words of a text as the matcher sees them, in order. */
export function words(text: string): string[] {
  const raw = clean(
    text
      // camelCase and PascalCase identifiers: toolUseId -> tool Use Id.
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/['’`]/g, (quote) => (quote === '`' ? ' ' : '')),
  )
    .split(' ')
    .filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const phrase = phrases.find(({ words: w }) => w.every((word, j) => raw[i + j] === word));
    if (phrase) {
      out.push(phrase.word);
      i += phrase.words.length - 1;
      continue;
    }
    const word = raw[i] ?? '';
    if (!stopwords.has(word)) out.push(term(word));
  }
  return out;
}

/** A word's stem, or its synonym group's. */
function term(word: string): string {
  const stemmed = stem(word);
  return canonical.get(stemmed) ?? stemmed;
}

/** The unigrams and bigrams (`a b`) of a text. */
export function terms(text: string): string[] {
  const w = words(text);
  const pairs = w.slice(1).map((word, i) => `${w[i]} ${word}`);
  return [...w, ...pairs];
}

/** Lowercase, with anything but letters and digits turned into single spaces. */
function clean(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * A light stemmer, enough to make plurals and verb forms meet (`messages`, `message`;
 * `stopped`, `stops`, `stopping`). It need not give real words, only the same stem for both.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length > 5) w = undouble(w.slice(0, -3));
  else if (w.endsWith('ed') && w.length > 4) w = undouble(w.slice(0, -2));
  else if (/(ch|sh|x|ss|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** `stopp` -> `stop`, `runn` -> `run`; `call` and `pass` keep their double letter. */
function undouble(w: string): string {
  return /([bdgmnprt])\1$/.test(w) ? w.slice(0, -1) : w;
}
