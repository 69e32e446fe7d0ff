import { describe, expect, it } from 'vitest';
import { checkRules, type LessonFacts, type RulesFile } from './lesson-rules.ts';
import { taskSentences } from './task-sentences.ts';

const task = `# Your task

Write \`runLoop\`:

\`\`\`ts
export async function runLoop(): Promise<void>;
\`\`\`

1. Call the model **at most \`cap\`** times. Never run the
   tools of the last reply.
2. Return the text.

| call | the model replies |
| ---- | ----------------- |
| 1    | must be ignored   |

The hidden cases try a cap of 1.
`;

const lesson: LessonFacts = {
  task,
  cases: ['cap-1', 'cap-3'],
  mistakes: new Map([
    ['wrong-no-cap', ['cap-3']],
    ['wrong-runs-last', ['cap-1']],
  ]),
  caseFacts: new Map([
    ['cap-1', { stopReasons: ['tool_use'], input: {} }],
    ['cap-3', { stopReasons: ['tool_use', 'tool_use', 'end_turn'], input: {} }],
  ]),
};

const complete: RulesFile = {
  rules: [
    { rule: 'Call the model at most `cap` times.', cases: ['cap-3'], mistakes: ['wrong-no-cap'] },
    { rule: 'Never run the tools', cases: ['cap-1'], mistakes: ['wrong-runs-last'] },
    { rule: 'Return the text.', cases: ['cap-1', 'cap-3'], mistakes: ['wrong-no-cap'] },
  ],
  noRule: [
    { sentence: 'Write `runLoop`:', why: 'introduces the function' },
    { sentence: 'The hidden cases try a cap of 1.', why: 'says what the cases try' },
  ],
  starterPasses: {},
};

describe('taskSentences', () => {
  it('reads sentences, list items and line breaks, and leaves out headings, code and tables', () => {
    expect(taskSentences(task)).toEqual([
      'Write `runLoop`:',
      'Call the model at most `cap` times.',
      'Never run the tools of the last reply.',
      'Return the text.',
      'The hidden cases try a cap of 1.',
    ]);
  });
});

describe('checkRules', () => {
  it('accepts a table that accounts for every sentence', () => {
    expect(checkRules(complete, lesson)).toEqual([]);
  });

  it('fails when a task rule has no case', () => {
    const rules = { ...complete, rules: complete.rules.slice(1) };
    expect(checkRules(rules, lesson)).toEqual([
      'task rule "Call the model at most `cap` times." has no case: quote it in rules, or list it in noRule',
    ]);
  });

  it('fails on a quote that task.md does not hold, and on a sentence it does not hold', () => {
    const rules: RulesFile = {
      rules: [
        ...complete.rules,
        { rule: 'Stop at once.', cases: ['cap-1'], mistakes: ['wrong-no-cap'] },
      ],
      noRule: [...complete.noRule, { sentence: 'Have fun.', why: 'none' }],
      starterPasses: {},
    };
    expect(checkRules(rules, lesson)).toEqual([
      'rule "Stop at once." is not in task.md',
      'rule "Stop at once.": wrong-no-cap is graded on none of the rule\'s cases',
      'noRule "Have fun." is not a sentence of task.md',
    ]);
  });

  it('fails on cases and mistakes that do not exist', () => {
    const [first] = complete.rules;
    const rules: RulesFile = {
      ...complete,
      rules: [
        { ...first!, cases: ['cap-9'], mistakes: ['wrong-gone'] },
        ...complete.rules.slice(1),
      ],
    };
    expect(checkRules(rules, lesson)).toEqual([
      'rule "Call the model at most `cap` times.": no case cap-9',
      'rule "Call the model at most `cap` times.": no mistake wrong-gone in solutions.json',
    ]);
  });

  it('fails on a rule that names a set without a case for each member', () => {
    const [first, ...others] = complete.rules;
    const anything = { ...first!, rule: 'Return the text.', cases: ['cap-1', 'cap-3'] };
    const set = (domain: NonNullable<RulesFile['rules'][number]['domain']>): RulesFile => ({
      ...complete,
      rules: [first!, others[0]!, { ...anything, domain }],
    });
    const stops = { end_turn: 'cap-3', tool_use: 'cap-1' };
    const rest = { max_tokens: 'x', stop_sequence: 'x', pause_turn: 'x', refusal: 'x' };
    expect(
      checkRules(
        set({
          set: 'stop_reason',
          cases: stops,
          excluded: { ...rest, model_context_window_exceeded: 'x' },
        }),
        lesson,
      ),
    ).toEqual([]);
    expect(
      checkRules(
        set({ set: 'stop_reason', cases: { ...stops, refusal: 'cap-3' }, excluded: rest }),
        lesson,
      ),
    ).toEqual([
      'rule "Return the text.": refusal has a case and is excluded',
      'rule "Return the text.": cap-3 has no reply with stop_reason refusal',
      'rule "Return the text.": no case has stop_reason model_context_window_exceeded, and it is not excluded',
    ]);
  });

  it('fails on a rule whose words name a set, with no domain', () => {
    const rules: RulesFile = {
      ...complete,
      rules: complete.rules.map((r, i) => (i === 2 ? { ...r, rule: 'Return the text.' } : r)),
    };
    const anything = {
      ...lesson,
      task: lesson.task.replace('Return the text.', 'Return anything but the text.'),
    };
    rules.rules[2] = { ...rules.rules[2]!, rule: 'Return anything but the text.' };
    expect(checkRules(rules, anything)).toEqual([
      'rule "Return anything but the text." names a set: give it a "domain" with a case per member',
    ]);
  });

  it('fails on an order no mistake is graded against', () => {
    const rules: RulesFile = {
      ...complete,
      rules: complete.rules.map((r, i) =>
        i === 0 ? { ...r, order: { first: 'the cap', then: 'the text', cases: ['cap-1'] } } : r,
      ),
    };
    expect(checkRules(rules, lesson)).toEqual([
      'rule "Call the model at most `cap` times.": order case cap-1 is not among its cases',
      'rule "Call the model at most `cap` times.": none of its mistakes is graded on a case where both checks apply',
    ]);
  });
});
