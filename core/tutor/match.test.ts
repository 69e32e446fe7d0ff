import { describe, expect, it } from 'vitest';
import type { Tutor } from '../lesson/tutor-schema.ts';
import { indexLesson, matchQuestion, rank, THRESHOLDS, type MatchResult } from './match.ts';
import { stem, terms, words } from './terms.ts';
import { fixtureCourse } from '../../scripts/test-support/fixture-course.ts';

/**
 * The matcher's confidence, on a small lesson of its own: what it answers, what it quotes,
 * what it is unsure of. How it does on the course's own lessons is lesson data
 * (`fixtures/<lesson>/questions.json`), checked by `npm run test:lessons`.
 */

const kettle = {
  title: 'The kettle',
  prose: [
    '# The kettle',
    '',
    'A kettle boils water and clicks off when the water is hot. Your code waits for the click.',
    '',
    '## Why it clicks',
    '',
    'A strip of metal inside bends when it heats up, and that opens the switch. Nothing else turns the kettle off.',
    '',
    '## Descaling',
    '',
    'Hard water leaves limescale on the element. Vinegar dissolves limescale in an hour.',
    '',
    'The manual says it best:',
    '',
    '- _"Descale monthly, or the element burns out."_',
  ].join('\n'),
  task: [
    '# Your task',
    '',
    'Write `boilWater(kettle)`: call `kettle.start()`, then await `kettle.click()`, and return the temperature.',
  ].join('\n'),
  tutor: {
    walkthrough: [
      {
        title: 'Start, then wait',
        body: '`start()` switches the kettle on; `click()` resolves when it switches off.',
      },
    ],
    questions: [
      {
        id: 'why-await',
        question: 'Why await the click instead of polling the temperature?',
        answer:
          'The kettle says when it is done: the click comes once, and polling only burns time.',
      },
      {
        id: 'overfill',
        question: 'What happens if the kettle is overfilled?',
        answer: 'Boiling water spits out of the spout.',
      },
    ],
    hints: [],
    experiments: [],
    failures: [],
  } satisfies Tutor,
};
const index = indexLesson(kettle);
const ask = (question: string) => matchQuestion(index, question);
/** What a result answers with, or offers, as `kind:id`. */
const said = (result: MatchResult) =>
  result.kind === 'answer'
    ? `answer ${result.best.target.kind}:${result.best.target.id}`
    : result.kind === 'none'
      ? 'none'
      : `${result.kind} ${result.options.map((o) => `${o.target.kind}:${o.target.id}`).join(' ')}`;

describe('the words the matcher compares', () => {
  it('splits identifiers, drops stopwords, stems and maps synonyms', () => {
    expect(words('Why does the loop check `stop_reason`?')).toEqual(['loop', 'check', 'stop']);
    expect(words('toolUseId')).toEqual(['tool', 'use', 'id']);
    expect(words('The responses were stopped; try again one by one')).toEqual([
      'reply',
      'stop',
      'retry',
      'sequential',
    ]);
    expect(words('a stack trace, or the stacktrace')).toEqual(['stacktrac', 'stacktrac']);
  });

  it('reads "for" and "while" as loops only where they name one', () => {
    expect(words('a for loop instead of while')).toEqual(['forloop']);
    expect(words('for (const use of uses)')).toEqual(['forloop', 'use', 'use']);
    expect(words('while the tools run')).toEqual(['tool', 'run']);
  });

  it('keeps an identifier of two words or more as one term too', () => {
    expect(terms('what is `toolRuns`?')).toEqual(['tool', 'run', 'tool run', 'tool_run']);
    expect(terms('NOBODY_TYPES')).toEqual(['nobody', 'typ', 'nobody typ', 'nobody_typ']);
    expect(terms('`stop_reason`')).toEqual(['stop']);
  });

  it('gives word forms one stem', () => {
    expect(['message', 'messages'].map(stem)).toEqual(['messag', 'messag']);
    expect(['stop', 'stops', 'stopped', 'stopping'].map(stem)).toEqual([
      'stop',
      'stop',
      'stop',
      'stop',
    ]);
    expect(['call', 'calls', 'called', 'calling'].map(stem)).toEqual([
      'call',
      'call',
      'call',
      'call',
    ]);
    expect(['reply', 'replies'].map(stem)).toEqual(['reply', 'reply']);
  });
});

describe('matchQuestion', () => {
  it('answers with an authored question asked in other words', () => {
    expect(said(ask('why wait for the click rather than poll the temperature'))).toBe(
      'answer question:why-await',
    );
  });

  it('quotes a passage of the lesson when no authored question fits', () => {
    expect(said(ask('what dissolves limescale?'))).toBe('answer passage:lesson/descaling/1');
    expect(said(ask('why does the kettle switch off when it heats up?'))).toBe(
      'answer passage:lesson/why-it-clicks/1',
    );
  });

  it('is unsure, and offers the closest, when what a question asks is not there', () => {
    const result = ask('what if the kettle never clicks off?');
    expect(said(result)).toBe('unsure passage:lesson/the-kettle/1 passage:lesson/why-it-clicks/1');
    if (result.kind !== 'unsure') return;
    const [best] = result.options;
    expect(best!.score).toBeGreaterThanOrEqual(THRESHOLDS.near);
    expect(best!.score * best!.coverage).toBeLessThan(THRESHOLDS.confidence);
  });

  it('answers only from a target that writes the identifier it is asked about', () => {
    expect(said(ask('what does boilWater return?'))).toBe('answer passage:task/your-task/1');
    // "boils water" in the prose speaks of it in words: offered, not an answer.
    const lesson = { ...kettle, task: '# Your task\n\nMake tea.' };
    expect(matchQuestion(indexLesson(lesson), 'what does boilWater do?').kind).not.toBe('answer');
  });

  it('counts what a passage quotes for less than what it says', () => {
    const question = 'how often should I descale so the element burns out?';
    expect(ask(question).kind).toBe('unsure');
    const said = { ...kettle, prose: kettle.prose.replace(/_"(.*)"_/, '$1') };
    expect(matchQuestion(indexLesson(said), question)).toMatchObject({
      kind: 'answer',
      best: { target: { id: 'lesson/descaling/2' } },
    });
  });

  it('takes a question of the lesson’s commonest word as no evidence of anything', () => {
    const [best] = rank(index, 'kettle?');
    expect(best!.score * best!.coverage).toBeGreaterThanOrEqual(THRESHOLDS.confidence);
    expect(best!.evidence).toBeLessThan(THRESHOLDS.evidence);
    expect(ask('kettle?').kind).toBe('unsure');
  });

  it('prefers the authored answer to a passage that says the same', () => {
    const lesson = {
      ...kettle,
      prose: `${kettle.prose}\n\n## Too full\n\nIf the kettle is overfilled, boiling water spits out.`,
    };
    expect(said(matchQuestion(indexLesson(lesson), 'what if the kettle is overfilled'))).toBe(
      'answer question:overfill',
    );
  });

  it('matches nothing in an empty or all-stopword question', () => {
    expect(rank(index, '')).toEqual([]);
    expect(matchQuestion(index, 'why is it that?')).toEqual({ kind: 'none', best: undefined });
  });
});

/** Questions about nothing the course teaches: each must match nothing, in every lesson. */
const UNRELATED = [
  'what is the capital of France',
  'how do I center a div in CSS',
  'who won the world cup in 2018',
  'write me a poem about autumn',
  'how do I install Python on Windows',
  'what time is it',
  'can you recommend a good pizza place',
  'how tall is Mount Everest',
  'what is your favourite colour',
  'how do I make sourdough bread',
  'translate hello into Spanish',
  'is it going to rain tomorrow in Paris',
  'what is a monad',
  'how does garbage collection work in Java',
  'tell me a joke',
];

describe.each(fixtureCourse.lessons.map((l) => [l.id, indexLesson(l)] as const))(
  'in the lesson %s',
  (_id, lessonIndex) => {
    it.each(UNRELATED)('"%s" is answered by nothing', (asked) => {
      expect(matchQuestion(lessonIndex, asked).kind).not.toBe('answer');
    });
  },
);
