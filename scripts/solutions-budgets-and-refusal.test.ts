import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('budgets-and-refusal', () => {
  checkSolutions(
    'budgets-and-refusal',
    ['correct-closure', 'correct-meter'],
    [
      {
        solution: 'wrong-last-call-only',
        caseName: 'over-budget',
        kind: 'cassette',
        says: 'the recording has 3 calls and the loop made request #4',
      },
      {
        solution: 'wrong-last-call-only',
        caseName: 'retry-counts',
        kind: 'diff',
        says: 'usage.input_tokens is wrong',
      },
      {
        solution: 'wrong-skips-retries',
        caseName: 'retry-counts',
        kind: 'diff',
        says: 'usage.input_tokens is wrong',
      },
      {
        solution: 'wrong-after-the-fact',
        caseName: 'over-budget',
        kind: 'cassette',
        says: 'the recording has 3 calls and the loop made request #4',
      },
      {
        solution: 'wrong-at-the-line',
        caseName: 'budget-on-the-line',
        kind: 'diff',
        says: 'turns is wrong',
      },
      {
        solution: 'wrong-floor-with-output',
        caseName: 'budget-on-the-line',
        kind: 'diff',
        says: 'turns is wrong',
      },
      {
        solution: 'wrong-only-before-tools',
        caseName: 'budget-before-a-retry',
        kind: 'cassette',
        says: 'the recording has 2 calls and the loop made request #3',
      },
      {
        solution: 'wrong-runs-then-stops',
        caseName: 'over-budget',
        kind: 'diff',
        says: 'toolRuns: expected 2, got 3',
      },
      {
        solution: 'wrong-refusal-goes-on',
        caseName: 'refusal',
        kind: 'cassette',
        says: 'the recording has 2 calls and the loop made request #3',
      },
      {
        solution: 'wrong-keeps-refusal',
        caseName: 'refusal',
        kind: 'diff',
        says: 'historyLength is wrong',
      },
    ],
  );
});
