import type { Lesson } from '../lesson/types.ts';
import { terms, words } from './terms.ts';

/**
 * The offline tutor's question matcher: a learner's question against the lesson's authored
 * questions and walkthrough steps, by the words they share. No model and no network: the
 * lesson's own text is the whole corpus. Words are weighted by how rare they are in that text
 * (inverse document frequency), so "stop_reason" counts for more than "loop"; a word the
 * lesson never uses counts too, against every target, so a question about something else
 * matches nothing.
 */

/** Something the tutor can answer with: an authored question or a walkthrough step. */
export interface MatchTarget {
  kind: 'question' | 'step';
  /** The question's id, or the step's place in the walkthrough (0-based). */
  id: string;
  index: number;
  /** The question as the author wrote it, or the step's title. */
  title: string;
}

export interface ScoredTarget {
  target: MatchTarget;
  /** 0..1: how much of the question the target explains, and how much of the target it asks. */
  score: number;
}

/** What the matcher makes of a question. */
export type MatchResult =
  /** One target stands out: answer with it. */
  | { kind: 'answer'; best: ScoredTarget }
  /** Near, but not clearly one: offer the two closest rather than guess. */
  | { kind: 'choose'; options: [ScoredTarget, ScoredTarget] }
  /** Nothing in the lesson is about this. */
  | { kind: 'none'; best: ScoredTarget | undefined };

/**
 * The thresholds, measured over every lesson's questions reworded (match.test.ts): an
 * answer needs a score of `answer` and a lead over the runner-up of `lead`, and of `share`
 * of its own score; a score of `near` offers a choice; below it, nothing matched.
 */
export const THRESHOLDS = { answer: 0.3, lead: 0.07, share: 0.12, near: 0.18 } as const;

/** How much a word found only in a target's body counts, against one in its title. */
const BODY_WEIGHT = 0.5;
/** How much a shared bigram adds, against its words alone. */
const BIGRAM_WEIGHT = 0.5;
/**
 * A walkthrough step's score, against a question's: steps explain what the code does, the
 * questions why, so where both fit about as well, the question answers.
 */
const STEP_WEIGHT = 0.8;
/** The score's mix: the share of the question explained, and of the target asked. */
const RECALL_WEIGHT = 0.6;

interface IndexedTarget {
  target: MatchTarget;
  title: Set<string>;
  body: Set<string>;
  /** The title's words, each once. */
  titleWords: string[];
}

/** A lesson's tutor, ready to match questions against. */
export interface TutorIndex {
  targets: IndexedTarget[];
  /** term -> inverse document frequency over the lesson's paragraphs. */
  idf(term: string): number;
}

/** Indexes a lesson's questions and walkthrough steps, with its whole text as the corpus. */
export function indexLesson(lesson: Pick<Lesson, 'prose' | 'task' | 'tutor'>): TutorIndex {
  const tutor = lesson.tutor;
  const targets: IndexedTarget[] = [];
  const corpus: string[] = [...paragraphs(lesson.prose), ...paragraphs(lesson.task)];
  const add = (target: MatchTarget, title: string, body: string) => {
    targets.push({
      target,
      title: new Set(terms(title)),
      body: new Set(terms(body)),
      titleWords: [...new Set(words(title))],
    });
    corpus.push(title, ...paragraphs(body));
  };
  tutor?.questions.forEach((q, index) =>
    add({ kind: 'question', id: q.id, index, title: q.question }, q.question, q.answer),
  );
  tutor?.walkthrough.forEach((step, index) =>
    add({ kind: 'step', id: String(index), index, title: step.title }, step.title, step.body),
  );
  for (const hint of tutor?.hints ?? []) corpus.push(...paragraphs(hint.body));
  for (const e of tutor?.experiments ?? []) corpus.push(e.title, e.prompt, e.explanation);

  const df = new Map<string, number>();
  for (const doc of corpus) {
    for (const term of new Set(terms(doc))) df.set(term, (df.get(term) ?? 0) + 1);
  }
  const n = corpus.length;
  return { targets, idf: (term) => Math.log(1 + n / ((df.get(term) ?? 0) + 0.5)) };
}

/** Every target, best first, scored against a question. */
export function rank(index: TutorIndex, question: string): ScoredTarget[] {
  const asked = new Set(terms(question));
  const unigrams = [...asked].filter((t) => !t.includes(' '));
  const bigrams = [...asked].filter((t) => t.includes(' '));
  const askedWeight = unigrams.reduce((sum, t) => sum + index.idf(t), 0);
  if (askedWeight === 0) return [];
  return index.targets
    .map(({ target, title, body, titleWords }) => {
      const found = (t: string) => (title.has(t) ? 1 : body.has(t) ? BODY_WEIGHT : 0);
      let explained = 0;
      for (const t of unigrams) explained += index.idf(t) * found(t);
      let bonus = 0;
      for (const t of bigrams) bonus += BIGRAM_WEIGHT * index.idf(t) * found(t);
      const recall = (explained + bonus) / (askedWeight + bonus);
      const titleWeight = titleWords.reduce((sum, t) => sum + index.idf(t), 0);
      const covered = titleWords.filter((t) => asked.has(t));
      const precision =
        titleWeight === 0 ? 0 : covered.reduce((sum, t) => sum + index.idf(t), 0) / titleWeight;
      const weight = target.kind === 'step' ? STEP_WEIGHT : 1;
      const score = weight * (RECALL_WEIGHT * recall + (1 - RECALL_WEIGHT) * precision);
      return { target, score };
    })
    .sort((a, b) => b.score - a.score || a.target.index - b.target.index);
}

/** What the tutor makes of a question: one answer, a choice of two, or nothing. */
export function matchQuestion(index: TutorIndex, question: string): MatchResult {
  const [best, second] = rank(index, question);
  if (!best || best.score < THRESHOLDS.near) return { kind: 'none', best };
  const lead = best.score - (second?.score ?? 0);
  const clear = lead >= THRESHOLDS.lead && lead >= THRESHOLDS.share * best.score;
  if (!second || (best.score >= THRESHOLDS.answer && clear)) return { kind: 'answer', best };
  return { kind: 'choose', options: [best, second] };
}

function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
}
