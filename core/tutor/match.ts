import type { Lesson } from '../lesson/types.ts';
import { lessonPassages, type Passage } from './passages.ts';
import { adjacentTerms, terms, unquoted, words } from './terms.ts';

/**
 * The offline tutor's question matcher: a learner's question against the lesson's authored
 * questions, its walkthrough steps and the passages of its text (passages.ts), by the words
 * they share. No model and no network: the lesson's own text is the whole corpus. Words are
 * weighted by how rare they are in that text (inverse document frequency), so "stop_reason"
 * counts for more than "loop"; a word the lesson never uses counts too, against every target,
 * so a question about something else matches nothing. A match is only as sure as the share of
 * the question it speaks of: when none is sure, the tutor says so and offers the closest.
 */

/** Something the tutor can answer with: an authored question, a walkthrough step, a passage. */
export interface MatchTarget {
  kind: 'question' | 'step' | 'passage';
  /** The question's id, the step's place in the walkthrough (0-based), or the passage's id. */
  id: string;
  /** Its place among the targets of its kind. */
  index: number;
  /** The question as the author wrote it, the step's title, or the heading a passage is under. */
  title: string;
}

export interface ScoredTarget {
  target: MatchTarget;
  /** 0..1: how much of the question the target explains, and how much of the target it asks. */
  score: number;
  /** 0..1: the share of the weight of the question's words (those the lesson uses) it has. */
  coverage: number;
  /** The weight of the question's words that the target speaks of: how much evidence there is. */
  evidence: number;
  /** It writes every identifier the question names (`finalText`) as code. */
  named: boolean;
}

/** What the matcher makes of a question. */
export type MatchResult =
  /** One target stands out and speaks of all that was asked: answer with it. */
  | { kind: 'answer'; best: ScoredTarget }
  /** Two fit well and about as well as each other: offer both rather than guess. */
  | { kind: 'choose'; options: [ScoredTarget, ScoredTarget] }
  /** Something is near, but nothing fits well: say so, and offer the closest (one or two). */
  | { kind: 'unsure'; options: ScoredTarget[] }
  /** Nothing in the lesson is about this. */
  | { kind: 'none'; best: ScoredTarget | undefined };

/**
 * The thresholds, measured over every lesson's learner questions (`questions.json`, checked
 * by `npm run test:lessons`). A target fits a question when its score times its coverage
 * reaches `confidence` and it speaks of `evidence` weight of the question (a question of
 * two common words is no evidence of anything). An answer fits and leads the runner-up by
 * `lead`, and by `share` of its own score; a passage answers in place of an authored target
 * that fits only when it leads that one by `wide`. A score of `near` offers the closest;
 * below it, nothing matched.
 */
export const THRESHOLDS = {
  confidence: 0.45,
  evidence: 2,
  lead: 0.07,
  share: 0.12,
  wide: 0.15,
  near: 0.18,
} as const;

/** How much a word found only in a target's body counts, against one in its title. */
const BODY_WEIGHT = 0.5;
/** How much a shared bigram adds, against its words alone. */
const BIGRAM_WEIGHT = 0.5;
/**
 * A target's score, by kind. Steps explain what the code does, the questions why, so where
 * both fit about as well, the question answers. A passage has no title that says what it is
 * about, so the question's words in it count for less.
 */
const WEIGHTS = { question: 1, step: 0.8, passage: 0.7 } as const;
/** The score's mix: the share of the question explained, and of the target asked. */
const RECALL_WEIGHT = 0.6;
/**
 * For a passage, whose text is far longer than a title: mostly the share of the question it
 * explains, with a little of how much of it the question asks, so a short one that says just
 * this comes before a long one that mentions it.
 */
const PASSAGE_RECALL_WEIGHT = 0.85;
/** A fenced code block in a passage. */
const CODE_BLOCK = /```[\s\S]*?```/g;

interface IndexedTarget {
  target: MatchTarget;
  /** The words that say what it is about (a passage: its text), and those around them. */
  title: Set<string>;
  body: Set<string>;
  /** Words that stand side by side in it (`tool_run`): how it speaks of identifiers in prose. */
  near: Set<string>;
  /** The title's words, each once. */
  titleWords: string[];
}

/** A lesson's tutor, ready to match questions against. */
export interface TutorIndex {
  targets: IndexedTarget[];
  /** The passages of the lesson's text, as `passage` targets number them. */
  passages: Passage[];
  /** term -> inverse document frequency over the lesson's paragraphs. */
  idf(term: string): number;
  /** Whether the lesson's text uses the term at all. */
  known(term: string): boolean;
}

/**
 * Indexes a lesson's questions, walkthrough steps and the passages of its text, with its
 * whole text as the corpus.
 */
export function indexLesson(
  lesson: Pick<Lesson, 'title' | 'prose' | 'task' | 'tutor'>,
): TutorIndex {
  const tutor = lesson.tutor;
  const targets: IndexedTarget[] = [];
  const corpus: string[] = [...paragraphs(lesson.prose), ...paragraphs(lesson.task)];
  const add = (target: MatchTarget, title: string, body: string) => {
    targets.push({ target, ...indexed(title, body) });
    corpus.push(title, ...paragraphs(body));
  };
  tutor?.questions.forEach((q, index) =>
    add({ kind: 'question', id: q.id, index, title: q.question }, q.question, q.answer),
  );
  tutor?.walkthrough.forEach((step, index) =>
    add({ kind: 'step', id: String(index), index, title: step.title }, step.title, step.body),
  );
  // A passage's own words are its text; the code it introduces and its heading are around them.
  const passages = lessonPassages(lesson);
  passages.forEach((p, index) => {
    const code = (p.text.match(CODE_BLOCK) ?? []).join('\n');
    const target: MatchTarget = { kind: 'passage', id: p.id, index, title: p.heading };
    targets.push({ target, ...indexed(p.text.replace(CODE_BLOCK, ''), `${p.heading}\n${code}`) });
  });
  for (const hint of tutor?.hints ?? []) corpus.push(...paragraphs(hint.body));
  for (const e of tutor?.experiments ?? []) corpus.push(e.title, e.prompt, e.explanation);

  const df = new Map<string, number>();
  for (const doc of corpus) {
    for (const term of new Set([...terms(doc), ...adjacentTerms(doc)])) {
      df.set(term, (df.get(term) ?? 0) + 1);
    }
  }
  const n = corpus.length;
  return {
    targets,
    passages,
    idf: (term) => Math.log(1 + n / ((df.get(term) ?? 0) + 0.5)),
    known: (term) => df.has(term),
  };
}

/**
 * A target's terms. What its title quotes (a prompt, a reply) counts as its body, and so do
 * words that stand side by side: they speak of an identifier less surely than its name.
 */
function indexed(title: string, body: string): Omit<IndexedTarget, 'target'> {
  const { own, quoted } = unquoted(title);
  return {
    title: new Set(terms(own)),
    body: new Set(terms(`${quoted}\n${body}`)),
    near: new Set(adjacentTerms(`${title}\n${body}`)),
    titleWords: [...new Set(words(own))],
  };
}

/** Every target, best first, scored against a question. */
export function rank(index: TutorIndex, question: string): ScoredTarget[] {
  const asked = new Set(terms(question));
  const unigrams = [...asked].filter((t) => !t.includes(' '));
  const identifiers = unigrams.filter((t) => t.includes('_'));
  const bigrams = [...asked].filter((t) => t.includes(' '));
  const askedWeight = unigrams.reduce((sum, t) => sum + index.idf(t), 0);
  if (askedWeight === 0) return [];
  // Coverage counts the words the lesson uses: a word it never uses (a paraphrase's "fresh")
  // already weighs on every target's score.
  const knownWeight = unigrams.reduce((sum, t) => sum + (index.known(t) ? index.idf(t) : 0), 0);
  return index.targets
    .map(({ target, title, body, near, titleWords }) => {
      const found = (t: string) =>
        title.has(t) ? 1 : body.has(t) || near.has(t) ? BODY_WEIGHT : 0;
      // An identifier the question names is a thing it asks about: a target that never
      // writes it as code, however near its words come, may be offered but not answer.
      const named = identifiers.every((t) => title.has(t) || body.has(t));
      let explained = 0;
      let spoken = 0;
      for (const t of unigrams) {
        explained += index.idf(t) * found(t);
        if (found(t) > 0) spoken += index.idf(t);
      }
      let bonus = 0;
      for (const t of bigrams) bonus += BIGRAM_WEIGHT * index.idf(t) * found(t);
      const recall = (explained + bonus) / (askedWeight + bonus);
      const coverage = knownWeight === 0 ? 0 : spoken / knownWeight;
      const titleWeight = titleWords.reduce((sum, t) => sum + index.idf(t), 0);
      const covered = titleWords.filter((t) => asked.has(t));
      const precision =
        titleWeight === 0 ? 0 : covered.reduce((sum, t) => sum + index.idf(t), 0) / titleWeight;
      const mix = target.kind === 'passage' ? PASSAGE_RECALL_WEIGHT : RECALL_WEIGHT;
      const score = WEIGHTS[target.kind] * (mix * recall + (1 - mix) * precision);
      return { target, score, coverage, evidence: spoken, named };
    })
    .sort(
      (a, b) => b.score - a.score || kindOrder(a) - kindOrder(b) || a.target.index - b.target.index,
    );
}

/**
 * What the tutor makes of a question. The authored questions and steps come first: one that
 * fits answers. When none does, a passage of the lesson that fits answers, quoted. Otherwise
 * the closest are offered, as a choice between two good fits or, when none fits well, with a
 * word that the tutor is unsure.
 */
export function matchQuestion(index: TutorIndex, question: string): MatchResult {
  const ranked = rank(index, question);
  const [best, second] = ranked;
  if (!best || best.score < THRESHOLDS.near) return { kind: 'none', best };
  const authored = ranked.filter((s) => s.target.kind !== 'passage');
  const passages = ranked.filter((s) => s.target.kind === 'passage');
  const [a, a2] = authored;
  const [p] = passages;
  // Passages of one section say one thing: the runner-up is the best of another section.
  const otherSection = p && passages.find((s) => s.target.title !== p.target.title);
  const passageSure = p !== undefined && sure(p, otherSection);
  if (a && sure(a, a2)) {
    // The authored answer, unless a passage fits better: then both are offered.
    if (!p || !fits(p) || p.score <= a.score) return { kind: 'answer', best: a };
    return { kind: 'choose', options: [p, a] };
  }
  // A passage answers when it leads the best authored target, by far if that one fits too.
  if (p && passageSure && (a && fits(a) ? p.score >= a.score + THRESHOLDS.wide : leads(p, a))) {
    return { kind: 'answer', best: p };
  }
  if (second && fits(best) && fits(second) && !leads(best, second)) {
    return { kind: 'choose', options: [best, second] };
  }
  const closest = second && second.score >= THRESHOLDS.near / 2 ? [best, second] : [best];
  return { kind: 'unsure', options: closest };
}

/** A target that speaks of enough of the question, well enough, to answer it. */
function fits(s: ScoredTarget): boolean {
  return (
    s.named && s.evidence >= THRESHOLDS.evidence && s.score * s.coverage >= THRESHOLDS.confidence
  );
}

function leads(best: ScoredTarget, rival: ScoredTarget | undefined): boolean {
  const lead = best.score - (rival?.score ?? 0);
  return lead >= THRESHOLDS.lead && lead >= THRESHOLDS.share * best.score;
}

function sure(best: ScoredTarget, rival: ScoredTarget | undefined): boolean {
  return fits(best) && leads(best, rival);
}

/** Questions before steps before passages, where scores tie. */
function kindOrder(s: ScoredTarget): number {
  return ['question', 'step', 'passage'].indexOf(s.target.kind);
}

function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
}
