import { spellOut } from '../../lesson/quoted-text.ts';
import type { ChatMessage } from '../conversation.ts';
import type { Exchange } from './tutor-loop.ts';

/** Characters of one past answer the model is shown again (the chat keeps up to 8,000). */
const ANSWER_CHARS = 2_000;

/**
 * The lesson's saved conversation as the question-and-answer pairs the live tutor sends before
 * a new question: each line the learner said, with the tutor's messages after it joined as its
 * answer (live or offline: a hint or a run's summary is context too). The conversation is kept
 * with the learner's work, so a follow-up still makes sense after a reload. The line being
 * asked now, already posted to the conversation, is left out; so is a line nothing answered.
 */
export function exchangesFrom(chat: readonly ChatMessage[], max: number): Exchange[] {
  const exchanges: { question: string; answers: string[] }[] = [];
  for (const message of chat) {
    if (message.role === 'learner') exchanges.push({ question: message.text, answers: [] });
    else if (message.text.trim()) {
      exchanges.at(-1)?.answers.push(spellOut(message.text, message.quoted));
    }
  }
  return exchanges
    .filter((e) => e.question.trim() && e.answers.length > 0)
    .slice(-max)
    .map((e) => ({ question: e.question, answer: clip(e.answers.join('\n\n')) }));
}

const clip = (text: string) =>
  text.length <= ANSWER_CHARS ? text : `${text.slice(0, ANSWER_CHARS)}\n[…]`;
