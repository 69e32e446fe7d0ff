import { describe, expect, it } from 'vitest';
import { quoteMark } from '../../lesson/quoted-text.ts';
import type { ChatMessage } from '../conversation.ts';
import { exchangesFrom } from './chat-history.ts';

let at = 0;
const learner = (text: string): ChatMessage => ({ id: `m${at}`, role: 'learner', at: at++, text });
const tutor = (text: string): ChatMessage => ({ id: `m${at}`, role: 'tutor', at: at++, text });

describe('exchangesFrom', () => {
  it('pairs each learner line with the tutor messages after it, and leaves out the line being asked', () => {
    const chat = [
      tutor('Ask me anything about this lesson.'),
      learner('why stop_reason?'),
      tutor('Because the model says why it stopped.'),
      learner('hint'),
      tutor('A nudge: look at the loop.'),
      tutor('(1 of 3 hints)'),
      learner('and then?'),
    ];
    expect(exchangesFrom(chat, 6)).toEqual([
      { question: 'why stop_reason?', answer: 'Because the model says why it stopped.' },
      { question: 'hint', answer: 'A nudge: look at the loop.\n\n(1 of 3 hints)' },
    ]);
  });

  it('keeps the last `max` exchanges, drops unanswered lines, and clips a long answer', () => {
    const chat: ChatMessage[] = [];
    for (let i = 0; i < 9; i++) chat.push(learner(`q${i}`), tutor(`a${i}`));
    chat.push(learner('nobody answered this'), learner('now'));
    chat.push(learner('long'), tutor('x'.repeat(5_000)), learner('current'));
    const kept = exchangesFrom(chat, 3);
    expect(kept.map((e) => e.question)).toEqual(['q7', 'q8', 'long']);
    expect(kept[2]!.answer).toHaveLength(2_000 + '\n[…]'.length);
    expect(exchangesFrom([learner('first question')], 6)).toEqual([]);
  });

  it('spells out what an answer quoted from a run', () => {
    const quoting: ChatMessage = {
      ...tutor(`Case \`echo\` threw \`${quoteMark('error')}\`.`),
      quoted: { error: 'Error: x`y' },
    };
    expect(exchangesFrom([learner('why?'), quoting, learner('now')], 6)).toEqual([
      { question: 'why?', answer: 'Case `echo` threw `Error: x`y`.' },
    ]);
  });
});
