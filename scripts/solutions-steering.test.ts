import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('steering', () => {
  checkSolutions(
    'steering',
    ['correct-spread', 'correct-one-content', 'correct-recursion'],
    [
      {
        solution: 'wrong-text-first',
        caseName: 'two-results-two-messages',
        kind: 'api',
        says: 'Did not find 2 `tool_result` block(s) at the beginning of this message',
      },
      {
        solution: 'wrong-own-message',
        caseName: 'change-of-plan',
        kind: 'cassette',
        says: 'Tool results for one turn belong in ONE user message',
      },
      {
        solution: 'wrong-reads-early',
        caseName: 'typed-while-a-tool-runs',
        kind: 'cassette',
        says: 'at messages[2].content[1]: expected {"type":"text","text":"Add \\"gamma\\" after those."} but it is missing',
      },
      {
        solution: 'wrong-joined',
        caseName: 'two-results-two-messages',
        kind: 'cassette',
        says: 'expected "Also echo \\"east\\"." but got "Also echo \\"east\\".\\nAnd keep the summary to one line."',
      },
      {
        solution: 'wrong-empty-text',
        caseName: 'change-of-plan',
        kind: 'api',
        says: 'text content blocks must be non-empty',
      },
      {
        solution: 'wrong-stops-when-done',
        caseName: 'typed-as-it-finishes',
        kind: 'diff',
        says: 'trajectory[1] is missing',
      },
      {
        solution: 'wrong-ignores-inbox',
        caseName: 'change-of-plan',
        kind: 'cassette',
        says: 'expected {"type":"text","text":"Make the rest all caps, please."} but it is missing',
      },
    ],
  );
});
