import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('parallel-tool-calls', () => {
  checkSolutions(
    'parallel-tool-calls',
    ['correct-start-then-await', 'correct-indexed-slots', 'correct-all-settled'],
    [
      {
        solution: 'wrong-sequential',
        caseName: 'three-cities',
        kind: 'diff',
        says: 'maxConcurrent[0]: expected 3, got 1.',
      },
      {
        solution: 'wrong-sequential',
        caseName: 'hottest-then-times',
        kind: 'diff',
        says: 'maxConcurrent[0] is wrong (and 1 more difference)',
      },
      {
        solution: 'wrong-completion-order',
        caseName: 'three-cities',
        kind: 'cassette',
        says: 'Send the results in the order of the tool_use blocks, whatever order the tools finished in.',
      },
      {
        solution: 'wrong-result-per-message',
        caseName: 'three-cities',
        kind: 'cassette',
        says: 'Tool results for one turn belong in ONE user message',
      },
      {
        solution: 'wrong-trajectory-on-finish',
        caseName: 'three-cities',
        kind: 'diff',
        says: 'trajectory[0].input.city: expected "Paris", got "New York"',
      },
      {
        solution: 'wrong-not-awaited',
        caseName: 'three-cities',
        kind: 'api',
        says: 'messages.2.content.0.tool_result.content: Input should be a valid list',
      },
      {
        solution: 'wrong-hard-coded',
        caseName: 'hottest-then-times',
        kind: 'diff',
        says: 'Hidden case "hottest-then-times"',
      },
    ],
  );
});
