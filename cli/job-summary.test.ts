import { describe, expect, it } from 'vitest';
import type { Course } from '../core/index.ts';
import type { ExercismResults } from './exercism-results.ts';
import { formatJobSummary, summaryStages } from './job-summary.ts';

const course = {
  id: 'c',
  title: 'C',
  lessons: [
    { id: 'one-turn', title: 'One turn' },
    { id: 'the-while-loop', title: 'The while loop' },
  ],
} as unknown as Course;

const results: ExercismResults = {
  version: 3,
  status: 'fail',
  message: null,
  tests: [
    { name: 'one-turn: hello', status: 'pass', message: null, output: null, test_code: 'Hi.' },
    {
      name: 'the-while-loop: echo',
      status: 'fail',
      // Learner text that tries to close the fence and inject HTML.
      message: 'Expected ```\n<img src=x onerror=alert(1)>',
      output: 'a | b <b>',
      test_code: 'One echo | call',
    },
  ],
};
const stages = summaryStages(results, [
  { id: 'one-turn', applies: true, status: 'pass', cases: ['hello'] },
  { id: 'the-while-loop', applies: true, status: 'fail', cases: ['echo'] },
]);

describe('the job summary', () => {
  it('is a table of the stages, one of each stage’s cases, and each failing case’s diagnostic, learner text as text', () => {
    expect(formatJobSummary(course, results, stages)).toBe(`## theinference: ❌ fail

| Stage | Result | Cases passed |
| --- | --- | --- |
| one-turn · One turn | ✅ pass | 1/1 |
| the-while-loop · The while loop | ❌ fail | 0/1 |

### one-turn

| Case | Result | What it checks |
| --- | --- | --- |
| hello | ✅ pass | Hi. |

### the-while-loop

| Case | Result | What it checks |
| --- | --- | --- |
| echo | ❌ fail | One echo \\| call |

<details><summary>the-while-loop: echo</summary>

\`\`\`\`text
Expected \`\`\`
<img src=x onerror=alert(1)>
\`\`\`\`

Your code logged:

\`\`\`text
a | b <b>
\`\`\`

</details>
`);
  });

  it('shows why the tests did not run, and a stage that no longer applies without its cases', () => {
    const error: ExercismResults = { ...results, status: 'error', message: 'x: a.ts:1:1: boom' };
    const text = formatJobSummary(
      course,
      error,
      summaryStages(error, [
        { id: 'one-turn', applies: false, status: 'fail', cases: ['hello'] },
        { id: 'the-while-loop', applies: true, status: 'fail', cases: ['echo', 'x'] },
      ]),
    );
    expect(text).toContain(
      '## theinference: ⚠️ error\n\nThe tests did not run:\n\n```text\nx: a.ts:1:1: boom\n```\n',
    );
    expect(text).toContain('| one-turn · One turn | ➖ no longer applies |  |\n');
    expect(text).not.toContain('### one-turn');
  });
});
