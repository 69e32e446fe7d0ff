import { PHRASES, STOPWORDS, SYNONYMS } from './vocabulary.ts';

/**
 * Text to the terms the question matcher compares: lowercased, identifiers split
 * (`stop_reason`, `toolUseId`), stopwords dropped, each word lightly stemmed and mapped to
 * the word that stands for its synonym group, then the bigrams of what remains, and each
 * identifier of two words or more as a whole (`tool_run` for `toolRuns`).
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
  return wordsOf(text)
    .filter((w) => !w.stop)
    .map((w) => w.term);
}

/** A word of a text: its term, and whether it is a stopword. */
interface Word {
  term: string;
  stop: boolean;
}

/** A text's words in order, phrases made one word (`for (const` is a loop), stopwords marked. */
function wordsOf(text: string): Word[] {
  const raw = clean(
    text
      // camelCase and PascalCase identifiers: toolUseId -> tool Use Id.
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/['’]/g, ''),
  )
    .split(' ')
    .filter(Boolean);
  const out: Word[] = [];
  for (let i = 0; i < raw.length; i++) {
    const phrase = phrases.find(({ words: w }) => w.every((word, j) => raw[i + j] === word));
    if (phrase) {
      out.push({ term: phrase.word, stop: false });
      i += phrase.words.length - 1;
      continue;
    }
    const word = raw[i] ?? '';
    out.push({ term: term(word), stop: stopwords.has(word) });
  }
  return out;
}

/** The text in runs of words that punctuation does not break (an identifier's `_` does not). */
function runs(text: string): Word[][] {
  return text.split(/[^A-Za-z0-9_'’`\s]+/).map(wordsOf);
}

/** A word's stem, or its synonym group's. */
function term(word: string): string {
  const stemmed = stem(word);
  return canonical.get(stemmed) ?? stemmed;
}

/**
 * A name written as code, of two words or more: `snake_case`, `SCREAMING_CASE`, `camelCase`,
 * `PascalCase`.
 */
const IDENTIFIER =
  /\b(?:[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+)\b/g;

/**
 * The unigrams and bigrams (`a b`) of a question, and each identifier it writes as code, of
 * two words or more, as one term (`tool_run` for `toolRuns`): a name asked for by name.
 */
export function terms(text: string): string[] {
  const compounds = [...text.matchAll(IDENTIFIER)].flatMap(([name]) => {
    const parts = words(name);
    return parts.length > 1 ? [parts.join('_')] : [];
  });
  return [...grams(text), ...compounds];
}

/**
 * Every two or three words that stand side by side in a text (`tool_run` for "the tool
 * runs"): how prose speaks of an identifier without writing it as code.
 */
export function adjacentTerms(text: string): string[] {
  const adjacent: string[] = [];
  for (const run of runs(text)) {
    run.forEach((_w, i) => {
      for (const n of [2, 3]) {
        const gram = run.slice(i, i + n);
        if (gram.length === n && gram.every((w) => !w.stop)) {
          adjacent.push(gram.map((w) => w.term).join('_'));
        }
      }
    });
  }
  return adjacent;
}

/**
 * A text without what it quotes (`asks _"What time is it in Tokyo?"_`), and the quotes: a
 * prompt or a reply a lesson quotes is its data, not what it says. Quotes in code are code.
 */
export function unquoted(text: string): { own: string; quoted: string } {
  const quoted: string[] = [];
  const own = text.replace(/(?<!`)["“][^"”`]*["”](?!`)/g, (quote) => {
    quoted.push(quote);
    return ' ';
  });
  return { own, quoted: quoted.join('\n') };
}

function grams(text: string): string[] {
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
