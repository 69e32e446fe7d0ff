import type { Quoted } from '../lesson/quoted-text.ts';
import { explainFailure } from './explain-failure.ts';
import type { Tutor, TutorAnchor } from '../lesson/tutor-schema.ts';
import { findAnchor } from '../lesson/tutor-text.ts';
import { COMMANDS, type TutorCommand } from './commands.ts';
import type { ChatAction, ChatIntent } from './conversation.ts';
import { matchQuestion, type MatchTarget, type TutorIndex } from './match.ts';
import type { Passage } from './passages.ts';
import type { TutorTurn } from './responder.ts';

/**
 * The offline tutor's answers to a question: the authored question or step it matches, with
 * its lines pointed at; a passage of the lesson's text, quoted with where it is; or, when the
 * matcher is unsure, a word saying so and the closest offered as buttons.
 */

/**
 * Characters of a passage's beginning on the button that offers it: after a heading of 28, a
 * beginning of 72 wrapped to three lines in the chat at 1440 px, and 48 takes two.
 */
const PASSAGE_LABEL = 48;

/** Answers a typed question with what the matcher makes of it. */
export function ask(turn: TutorTurn, tutor: Tutor, index: TutorIndex, question: string): void {
  const result = matchQuestion(index, question);
  switch (result.kind) {
    case 'answer':
      return answer(turn, tutor, index, result.best.target);
    case 'choose':
      turn.say({
        text: 'I am not sure which you mean. Is it one of these?',
        actions: result.options.map(({ target }) => answerAction(index, target)),
      });
      return;
    case 'unsure':
      turn.say({
        text: `I am not sure I have an answer to that. The closest ${result.options.length === 1 ? 'part' : 'parts'} of the lesson:`,
        actions: result.options.map(({ target }) => answerAction(index, target)),
      });
      return;
    case 'none': {
      const say = COMMANDS.filter((c) => c.command !== 'help').map((c) => `“${c.say}”`);
      turn.say({
        text: `I have no answer to that in this lesson: I answer from its own text, the questions learners often ask here and its walkthrough. You can ask about the code, or say ${say.slice(0, -1).join(', ')} or ${say.at(-1)}.`,
        actions: [commandAction('Help', 'help')],
      });
    }
  }
}

/** Says the answer of one target: the matcher's, or a button's from an earlier reply. */
export function answer(
  turn: TutorTurn,
  tutor: Tutor,
  index: TutorIndex,
  target: Pick<MatchTarget, 'kind' | 'id'>,
): void {
  if (target.kind === 'question') {
    const question = tutor.questions.find((q) => q.id === target.id);
    if (!question) return gone(turn);
    const lastRun = aboutLastRun(turn, tutor, question.id);
    const about = lastRun ? `About your last run: ${lastRun.paragraph}\n\n` : '';
    const text = `**${question.question}**\n\n${about}${question.answer}`;
    pointed(turn, text, question.anchor, lastRun?.quoted);
    return;
  }
  if (target.kind === 'passage') {
    const passage = index.passages.find((p) => p.id === target.id);
    if (!passage) return gone(turn);
    turn.say({
      text: `**${whereIs(passage, turn.context.lesson.title)}**\n\n${quote(passage.text)}`,
    });
    return;
  }
  const step = tutor.walkthrough[Number(target.id)];
  if (!step) return gone(turn);
  pointed(turn, `**${step.title}**\n\n${step.body}`, step.anchor);
}

/** A button from a conversation saved before the lesson changed, whose answer is gone. */
function gone(turn: TutorTurn): void {
  turn.say({ text: 'That part of the lesson has changed since I offered it: ask again.' });
}

/** Where a passage is, as the Lesson tab shows it. */
function whereIs(passage: Passage, lessonTitle: string): string {
  if (passage.source === 'task') {
    return passage.heading === 'Your task'
      ? 'From your task'
      : `From your task, “${passage.heading}”`;
  }
  return passage.heading === lessonTitle
    ? "From the lesson's introduction"
    : `From the lesson, “${passage.heading}”`;
}

/** Markdown as a block quote. */
function quote(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

/**
 * When the learner's last run failed in the way this question is about, the paragraph
 * about their run ("your request #2 sent user · user") and what it quotes, to go before the
 * answer.
 */
function aboutLastRun(
  turn: TutorTurn,
  tutor: Tutor,
  questionId: string,
): { paragraph: string; quoted: Quoted } | undefined {
  const last = turn.context.lastRun();
  if (!last || last.source === 'reference') return undefined;
  for (const failing of last.report.cases) {
    if (failing.status === 'pass') continue;
    const explained = explainFailure(tutor, failing);
    const opens = explained?.opens;
    if (explained && opens && 'question' in opens && opens.question === questionId) {
      return explained;
    }
  }
  return undefined;
}

/**
 * Says an answer about some lines: highlighted in the learner's code when they are there;
 * otherwise said in words, and offered in the reference only once it may be shown.
 */
function pointed(
  turn: TutorTurn,
  text: string,
  anchor: TutorAnchor | undefined,
  quoted?: Quoted,
): void {
  const { context, actions } = turn;
  const say: TutorTurn['say'] = (reply) => turn.say(quoted ? { ...reply, quoted } : reply);
  if (!anchor) {
    say({ text });
    return;
  }
  const code = context.code(anchor.file);
  if (code !== undefined && findAnchor(code, anchor)) {
    actions.point(anchor, 'code');
    say({ text, highlight: anchor });
    return;
  }
  const name = anchor.file.replace(/^src\//, '');
  const inReference = findAnchor(context.lesson.reference[anchor.file] ?? '', anchor) !== undefined;
  const missing = `*Not in your code yet: this part of \`${name}\` is what you are building.*`;
  if (inReference && context.unlocked()) {
    say({
      text: `${text}\n\n${missing}`,
      actions: [
        {
          label: 'Show it in the reference solution',
          intent: { type: 'point', anchor, in: 'reference' },
        },
      ],
    });
  } else say({ text: `${text}\n\n${missing}` });
}

function answerAction(index: TutorIndex, target: MatchTarget): ChatAction {
  const intent: ChatIntent = { type: 'answer', kind: target.kind, id: target.id };
  const passage = target.kind === 'passage' ? index.passages[target.index] : undefined;
  return { label: passage ? passageLabel(passage) : target.title, intent };
}

/** A passage as a button says it: its heading and how it begins, in plain words. */
function passageLabel(passage: Passage): string {
  const plain = passage.text
    .replace(/```[\s\S]*?```/g, '')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = plain.slice(0, PASSAGE_LABEL);
  const begins =
    plain.length > PASSAGE_LABEL
      ? `${cut.slice(0, cut.lastIndexOf(' ')).replace(/\W+$/, '')}…`
      : plain;
  return `${passage.heading.replace(/`/g, '')}: “${begins}”`;
}

/** A button that gives a command, as if typed. */
export function commandAction(label: string, command: TutorCommand): ChatAction {
  return { label, intent: { type: 'command', command } };
}
