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
});
