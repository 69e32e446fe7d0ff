import { describe, expect, it } from 'vitest';
import { indexLesson, matchQuestion, rank, THRESHOLDS } from './match.ts';
import { stem, words } from './terms.ts';
import { fixtureCourse } from '../../scripts/test-support/fixture-course.ts';

/**
 * How learners might ask each authored question in their own words: other words for the
 * same things, another order, no backticks, typos of case and punctuation. Written without
 * looking at the matcher's vocabulary; a question added to a lesson needs its lines here.
 */
const REWORDED: Record<string, Record<string, string[]>> = {
  'one-turn': {
    'push-not-copy': [
      'why do we mutate the messages array rather than return a copy',
      'Should runTurn return a fresh array of messages instead of pushing?',
      'why push the reply onto messages',
    ],
    'first-block': [
      'can I just take content[0].text from the response',
      'why not only read the first block of the reply',
      "what's wrong with response.content[0].text",
    ],
    'max-tokens-reply': [
      'what do I do when the reply stops at max_tokens',
      'how should the caller handle a max tokens stop reason',
      'the response hit max_tokens, now what?',
    ],
  },
  'the-while-loop': {
    'stop-reason': [
      'why check the stop reason rather than looking for tool_use blocks in the content',
      'why look at stop_reason and not at the blocks',
      'Why does my loop test stop_reason?',
    ],
    'one-message': [
      'why push all the tool results in a single message instead of one per tool',
      'can I send each result in its own user message?',
      'why gather the results and send them together',
    ],
    cap: [
      'what is the cap parameter for',
      "cap isn't used anywhere, why is it there?",
      'why does runLoop take a cap argument',
    ],
    'tool-use-id': [
      'what does tool_use_id do',
      'why does every tool result need the tool use id',
      'what is the id on a tool_result for',
    ],
    'results-first': [
      'can I put text in the message with the tool results',
      'may the results message contain anything besides the results',
      'is it ok to add a text block to the message of results?',
    ],
    timeout: [
      'why did my run time out',
      'my code timed out, what took so long',
      'the run took too long and was stopped, why?',
    ],
  },
  'bounding-the-loop': {
    'no-last-tools': [
      'should the loop run the tools of the last reply before it stops',
      'why skip the tools of the final reply when we hit the cap',
      "why don't we execute the last reply's tool calls",
    ],
    'own-stop-reason': [
      "why return 'cap' as the stop reason instead of tool_use",
      'why invent a new stop reason for the cap',
      'why not just return tool_use when the loop is cut short',
    ],
    'count-calls': [
      'why count the model calls and not the tool calls',
      'should the cap count tool calls or model calls?',
      'why is the limit on calls to the model rather than tools',
    ],
  },
  'parallel-tool-calls': {
    'order-required': [
      'do the results have to be in the same order as the tool_use blocks',
      'does the order of the tool results matter to the API',
      'must results follow the order of the tool calls',
    ],
    'why-not-sequential': [
      'why not run the tools one by one with await in a for loop',
      'a for loop awaiting execute reads more simply, why not use that',
      'why not await each tool sequentially',
    ],
    'one-throws': [
      'what if one tool throws an error',
      'what happens when one of the tools fails',
      'one of my tools threw, what happens to the others?',
    ],
    'one-message': [
      'why do all results go back in one user message',
      'why send the results together in one message',
      'can the results of parallel tools go in separate messages?',
    ],
  },
  'tool-registry': {
    map: [
      'why use a Map instead of tools.find',
      'why build a map rather than searching the array on every call',
      'is a Map really needed, find would work too',
    ],
    'three-fields': [
      'why copy only three fields when JSON.stringify drops run anyway',
      'why not send the tool objects as they are, JSON drops the function',
      'why pick name, description and input_schema out of each tool',
    ],
    'unknown-tool': [
      'why would the model call a tool that does not exist',
      'how can the model ask for a tool that is not in the registry',
      'when does a model call an unknown tool?',
    ],
  },
  'tool-errors': {
    'catch-around-all': [
      'why not wrap Promise.all in one try catch',
      'can I put a single try/catch around the Promise.all in runTools?',
      'why not catch errors once around all the tools',
    ],
    'stack-trace': [
      'should I send the stack trace to the model',
      'does the model need the stack of the error',
      'should the tool result include the stacktrace',
    ],
    'always-fails': [
      'what if the model keeps retrying a tool that fails every time',
      'what stops the model from retrying a broken tool forever',
      'the model keeps calling a tool that always fails, what happens?',
    ],
    'is-error': [
      'how does the model know the result is an error',
      'how can the model tell that a tool failed',
      'what tells the model a tool result is an error and not data',
    ],
  },
  steering: {
    'no-interrupt': [
      'why not interrupt the model as soon as the user types something',
      'why not abort the request when the user types',
      'can we cancel the call when a new message is typed?',
    ],
    'last-call': [
      'what happens to what the user typed on the last allowed call',
      'is text typed during the last call lost',
      'what about user input that arrives when the cap is reached?',
    ],
    'block-per-message': [
      'why one text block per typed message instead of a single string',
      'why not join the typed messages into one string',
      'why a separate text block for each thing the user typed',
    ],
  },
  'max-tokens-and-pause-turn': {
    'keep-cut-off': [
      'why not keep the cut off reply and ask the model to continue it',
      'why throw away a truncated reply instead of asking it to finish',
      'can we keep the partial reply that hit max_tokens and continue?',
    ],
    'retry-cost': [
      'does a retry cost anything',
      'are we billed for the retried call',
      'do retries cost tokens?',
    ],
    'pause-no-inbox': [
      "why doesn't a paused turn deliver what the user typed",
      'why is the inbox not delivered after pause_turn',
      'why does the typed text wait when the turn is paused',
    ],
  },
  'budgets-and-refusal': {
    'input-only': [
      'why only the input tokens and not input plus output',
      "why doesn't the budget count the output tokens",
      'why is only input_tokens checked against the budget',
    ],
    'end-over-budget': [
      'can a run still end over its budget',
      'is it possible to go over the budget',
      'can the run spend more than the budget allows?',
    ],
    'refused-reply': [
      'why not keep the refused reply in the history',
      'why drop the refusal from the conversation',
      'should the refused reply stay in the messages?',
    ],
  },
  'the-agent': {
    'real-api': [
      'how does the same file run against the real API',
      'how do I run this against the real Anthropic API',
      'can this agent talk to the real API instead of the recording',
    ],
    'input-unknown': [
      'why is input typed unknown',
      'why is the tool input unknown and not a typed object',
      'why does the input have type unknown',
    ],
    'api-error': [
      'what happens when the API answers with an error',
      'what if the API returns an error',
      'how are API errors handled',
    ],
  },
};

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

/**
 * Rewordings the matcher does not find, kept here so that what it cannot do stays measured.
 * Each must still not be answered with another question: a miss offers a choice, answers
 * with the walkthrough step about the same lines, or says nothing matched.
 */
const MISSES = new Set([
  // Its words are those of "Can the message of results say anything else?", offered first.
  'can I send each result in its own user message?',
  // Answered by the step "The bound", which explains the same lines.
  'why skip the tools of the final reply when we hit the cap',
  // Answered by the step "The trajectory follows the model's order".
  'must results follow the order of the tool calls',
  // No word in common with "What happens to what the user types on the last allowed call?".
  'what about user input that arrives when the cap is reached?',
]);

/** The share of rewordings answered outright by their own question, at least. */
const ANSWERED_SHARE = 0.88;

const lessons = fixtureCourse.lessons.filter((l) => l.tutor);

type Result = ReturnType<typeof matchQuestion>;
const answers = (result: Result, kind: 'question' | 'step', id: string) =>
  result.kind === 'answer' && result.best.target.kind === kind && result.best.target.id === id;
const offers = (result: Result, kind: 'question' | 'step', id: string) =>
  answers(result, kind, id) ||
  (result.kind === 'choose' &&
    result.options.some((o) => o.target.kind === kind && o.target.id === id));

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

describe('every authored question has its rewordings here', () => {
  it.each(lessons.map((l) => [l.id, l] as const))('%s', (_id, lesson) => {
    const ids = lesson.tutor?.questions.map((q) => q.id) ?? [];
    expect(Object.keys(REWORDED[lesson.id] ?? {}).sort()).toEqual([...ids].sort());
  });
});

describe.each(lessons.map((l) => [l.id, l] as const))('lesson %s', (_id, lesson) => {
  const index = indexLesson(lesson);
  const tutor = lesson.tutor!;

  it.each(tutor.questions.map((q) => [q.id, q.question] as const))(
    'question %s, as written and without its punctuation, answers itself',
    (id, question) => {
      for (const asked of [question, question.toLowerCase().replace(/[`?.,]/g, '')]) {
        expect(answers(matchQuestion(index, asked), 'question', id)).toBe(true);
      }
    },
  );

  const reworded = tutor.questions.flatMap((q) =>
    (REWORDED[lesson.id]?.[q.id] ?? []).map((r) => [q.id, r] as const),
  );
  it.each(reworded.filter(([, r]) => !MISSES.has(r)))(
    'question %s, reworded as "%s", is answered or offered',
    (id, asked) => {
      expect(offers(matchQuestion(index, asked), 'question', id)).toBe(true);
    },
  );

  it.each(reworded.filter(([, r]) => MISSES.has(r)))(
    'question %s, reworded as "%s" (a known miss), is not answered with another question',
    (id, asked) => {
      const result = matchQuestion(index, asked);
      expect(result.kind === 'answer' && result.best.target.kind === 'question').toBe(false);
      expect(answers(result, 'question', id)).toBe(false);
    },
  );

  it.each(tutor.walkthrough.map((s, i) => [s.title, i] as const))(
    'the step "%s", asked about by its title, is answered or offered',
    (title, i) => {
      const asked = `what does "${title.toLowerCase()}" mean?`;
      expect(offers(matchQuestion(index, asked), 'step', String(i))).toBe(true);
    },
  );

  it.each(UNRELATED)('"%s" matches nothing', (asked) => {
    expect(matchQuestion(index, asked).kind).toBe('none');
  });
});

describe('over the whole course', () => {
  it(`answers at least ${ANSWERED_SHARE * 100}% of the rewordings outright, with their own question`, () => {
    let asked = 0;
    let answered = 0;
    for (const lesson of lessons) {
      const index = indexLesson(lesson);
      for (const [id, rewordings] of Object.entries(REWORDED[lesson.id] ?? {})) {
        for (const r of rewordings) {
          asked++;
          if (answers(matchQuestion(index, r), 'question', id)) answered++;
        }
      }
    }
    expect(asked).toBeGreaterThan(100);
    expect(answered / asked).toBeGreaterThanOrEqual(ANSWERED_SHARE);
  });
});

describe('matchQuestion', () => {
  const lesson = fixtureCourse.lessons.find((l) => l.id === 'the-while-loop')!;
  const index = indexLesson(lesson);

  it('offers the two closest when a question sits between two targets', () => {
    const result = matchQuestion(index, 'tool results');
    expect(result.kind).toBe('choose');
    if (result.kind !== 'choose') return;
    const [first, second] = result.options;
    expect([first.target.id, second.target.id]).toEqual(['one-message', 'results-first']);
    expect(first.score).toBeGreaterThanOrEqual(THRESHOLDS.near);
    expect(first.score - second.score).toBeLessThan(THRESHOLDS.lead);
  });

  it('matches nothing in an empty or all-stopword question', () => {
    expect(rank(index, '')).toEqual([]);
    expect(matchQuestion(index, 'why is it that?')).toEqual({ kind: 'none', best: undefined });
  });
});
