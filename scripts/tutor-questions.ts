/**
 * A lesson's learner questions (`fixtures/<lesson>/questions.json`): questions as learners ask
 * them, each with the part of the lesson that must answer it, or "none". The lesson check asks
 * the tutor's matcher every one of them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import {
  createOfflineResponder,
  indexLesson,
  lessonPassages,
  matchQuestion,
  type Lesson,
  type MatchResult,
  type MatchTarget,
  type TutorReply,
} from '../core/index.ts';
import { FIXTURES_DIR } from '../cli/node-host.ts';

/** How a check reports each thing it checked: whether it holds, what it is, and why not. */
export type Check = (ok: boolean, label: string, detail?: string) => void;

/** A part of the lesson that answers a question. */
const topicSchema = z.union([
  z.strictObject({ question: z.string().min(1) }),
  z.strictObject({ step: z.string().min(1) }),
  z.strictObject({ lesson: z.string().min(1) }),
  z.strictObject({ task: z.string().min(1) }),
]);

export const questionsFileSchema = z.strictObject({
  questions: z
    .array(
      z.strictObject({
        /** As a learner would type it. */
        ask: z.string().min(1),
        /** What must answer it (any one of a list), or "none": nothing in the lesson does. */
        topic: z.union([z.literal('none'), topicSchema, z.array(topicSchema).min(1)]),
      }),
    )
    .min(10),
});

export type Topic = z.infer<typeof topicSchema>;
export type LearnerQuestion = z.infer<typeof questionsFileSchema>['questions'][number];

/** The topics a question may be answered by; empty for "none". */
export function topicsOf(question: LearnerQuestion): Topic[] {
  if (question.topic === 'none') return [];
  return Array.isArray(question.topic) ? question.topic : [question.topic];
}

/** The topic a matcher target belongs to. */
export function topicOf(lesson: Lesson, target: MatchTarget): Topic {
  if (target.kind === 'question') return { question: target.id };
  if (target.kind === 'step') return { step: target.title };
  const passage = lessonPassages(lesson)[target.index];
  return passage?.source === 'task' ? { task: target.title } : { lesson: target.title };
}

export function sameTopic(a: Topic, b: Topic): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function describeTopic(topic: Topic): string {
  const [[kind, name] = ['', '']] = Object.entries(topic);
  return `${kind} "${name}"`;
}

/** Why a topic names nothing in the lesson, or undefined when it names something. */
export function unknownTopic(lesson: Lesson, topic: Topic): string | undefined {
  const tutor = lesson.tutor;
  const headings = (source: 'lesson' | 'task') =>
    new Set(
      lessonPassages(lesson)
        .filter((p) => p.source === source)
        .map((p) => p.heading),
    );
  if ('question' in topic) {
    return tutor?.questions.some((q) => q.id === topic.question)
      ? undefined
      : `no question "${topic.question}" in tutor.json`;
  }
  if ('step' in topic) {
    return tutor?.walkthrough.some((s) => s.title === topic.step)
      ? undefined
      : `no walkthrough step titled "${topic.step}"`;
  }
  if ('lesson' in topic) {
    return headings('lesson').has(topic.lesson)
      ? undefined
      : `no heading "${topic.lesson}" with text under it in prose.md`;
  }
  return headings('task').has(topic.task)
    ? undefined
    : `no heading "${topic.task}" with text under it in task.md`;
}

/** How the matcher did on one question. */
export interface Verdict {
  /** False when it answered outright with something that isn't the question's topic. */
  right: boolean;
  /** It answered outright, with the question's topic. */
  answered: boolean;
  /** It answered with the topic, or offered it among the closest. */
  found: boolean;
  /** What it did, in words. */
  did: string;
}

export function judge(lesson: Lesson, question: LearnerQuestion, result: MatchResult): Verdict {
  const topics = topicsOf(question);
  const fits = (target: MatchTarget) => topics.some((t) => sameTopic(t, topicOf(lesson, target)));
  const name = (target: MatchTarget) => describeTopic(topicOf(lesson, target));
  switch (result.kind) {
    case 'answer': {
      const ok = fits(result.best.target);
      return {
        right: ok,
        answered: ok,
        found: ok,
        did: `answered with ${name(result.best.target)}`,
      };
    }
    case 'choose':
    case 'unsure': {
      const found = result.options.some((o) => fits(o.target));
      const offered = result.options.map((o) => name(o.target)).join(' and ');
      return {
        right: true,
        answered: false,
        found,
        did: `${result.kind === 'choose' ? 'offered' : 'was unsure, offering'} ${offered}`,
      };
    }
    case 'none':
      return { right: true, answered: false, found: false, did: 'had no answer' };
  }
}

/** The share of a lesson's questions with a topic that the tutor must at least offer it for. */
const FOUND_SHARE = 0.75;

/**
 * The lesson's learner questions against the tutor: no question is answered outright by
 * another part of the lesson (nor one whose topic is "none"), every reply the matcher is
 * unsure of says so and offers what it matched, and most questions find their topic.
 */
export async function checkQuestions(lesson: Lesson, check: Check): Promise<void> {
  const path = `${FIXTURES_DIR}/${lesson.id}/questions.json`;
  const label = `${lesson.id} has learner questions (questions.json, at least 10)`;
  if (!existsSync(path)) return check(false, label, `${path} is missing`);
  const parsed = questionsFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  check(parsed.success, label, parsed.error?.message);
  if (!parsed.success) return;
  const questions = parsed.data.questions;
  const unknown = questions.flatMap((q) =>
    topicsOf(q)
      .flatMap((t) => unknownTopic(lesson, t) ?? [])
      .map((why) => `"${q.ask}": ${why}`),
  );
  check(
    unknown.length === 0,
    `${lesson.id} every question's topic is in the lesson`,
    unknown.join('\n'),
  );

  const index = indexLesson(lesson);
  const wrong: string[] = [];
  const unsaid: string[] = [];
  let topical = 0;
  let answered = 0;
  let found = 0;
  for (const question of questions) {
    const result = matchQuestion(index, question.ask);
    const verdict = judge(lesson, question, result);
    if (!verdict.right) wrong.push(`"${question.ask}" ${verdict.did}`);
    if (topicsOf(question).length > 0) {
      topical++;
      if (verdict.answered) answered++;
      if (verdict.found) found++;
    }
    const said = await replyTo(lesson, question.ask);
    const problem = saysWhatItDid(result, said);
    if (problem) unsaid.push(`"${question.ask}": ${problem}`);
  }
  check(
    wrong.length === 0,
    `${lesson.id} no learner question is answered by another part of the lesson (${questions.length} asked)`,
    wrong.join('\n'),
  );
  check(
    unsaid.length === 0,
    `${lesson.id} the tutor says so when it is unsure, and offers what it matched`,
    unsaid.join('\n'),
  );
  check(
    found >= FOUND_SHARE * topical,
    `${lesson.id} the tutor answers or offers the topic of at least ${FOUND_SHARE * 100}% of its questions (${found} of ${topical}, ${answered} answered outright)`,
  );
}

/** What the offline tutor says to a question, on a lesson opened for the first time. */
async function replyTo(lesson: Lesson, text: string): Promise<TutorReply[]> {
  const said: TutorReply[] = [];
  const nothing = () => undefined;
  await createOfflineResponder().respond({
    input: { text },
    context: {
      lesson,
      next: undefined,
      hintsShown: () => 0,
      attempted: () => false,
      unlocked: () => false,
      solutionOpen: () => false,
      lastRun: () => undefined,
      code: (file) => lesson.starter[file],
      lastExperiment: () => undefined,
      conversation: () => [],
    },
    actions: {
      run: async () => ({ kind: 'stopped', why: 'not in the lesson check' }),
      showNextHint: nothing,
      point: nothing,
      open: nothing,
      showSolution: nothing,
      resetCode: () => [],
      undoReset: nothing,
      openLesson: nothing,
    },
    say: (reply) => said.push(reply),
  });
  return said;
}

/** Why the reply does not say what the matcher made of the question, or undefined. */
function saysWhatItDid(result: MatchResult, said: TutorReply[]): string | undefined {
  const [reply] = said;
  if (!reply || said.length !== 1) return `${said.length} replies`;
  const unsure = reply.text.startsWith('I am not sure');
  if (result.kind === 'answer') return unsure ? 'an answer that says it is unsure' : undefined;
  if (result.kind === 'none') {
    return reply.text.startsWith('I have no answer') ? undefined : 'no answer, not said';
  }
  if (!unsure) return `${result.kind}, without saying it is unsure`;
  const offered = (reply.actions ?? []).map((a) => JSON.stringify(a.intent));
  const matched = result.options.map(({ target }) =>
    JSON.stringify({ type: 'answer', kind: target.kind, id: target.id }),
  );
  return JSON.stringify(offered) === JSON.stringify(matched)
    ? undefined
    : `offers ${offered.join(', ')}, not the closest ${matched.join(', ')}`;
}
