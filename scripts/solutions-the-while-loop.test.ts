import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('the-while-loop', () => {
  checkSolutions(
    'the-while-loop',
    ['correct-for-loop', 'correct-recursion', 'correct-promise-all', 'correct-copied-history'],
    [
      {
        solution: 'wrong-dropped-assistant',
        caseName: 'echo',
        kind: 'api',
        says: 'unexpected `tool_use_id` found in `tool_result` blocks',
      },
      {
        solution: 'wrong-result-per-message',
        caseName: 'two-tools-one-turn',
        kind: 'cassette',
        says: 'ONE user message',
      },
      {
        solution: 'wrong-invented-ids',
        caseName: 'echo',
        kind: 'api',
        says: 'unexpected `tool_use_id` found in `tool_result` blocks: toolu_1',
      },
      {
        solution: 'wrong-never-stops',
        caseName: 'echo',
        kind: 'cassette',
        says: 'keep going after end_turn',
      },
      {
        solution: 'wrong-busy-loop',
        caseName: 'echo',
        kind: 'timeout',
        says: 'Timed out after 4 s (after 2 model calls)',
      },
      {
        solution: 'wrong-throws',
        caseName: 'echo',
        kind: 'runtime',
        says: 'Error: cannot send results (at src/loop.ts:27:35)',
      },
      {
        solution: 'wrong-syntax-error',
        caseName: 'echo',
        kind: 'compile',
        says: 'Compile error: src/loop.ts:6:',
      },
      {
        solution: 'wrong-trajectory-shape',
        caseName: 'echo',
        kind: 'diff',
        says: 'trajectory[0].tool is missing',
      },
      {
        solution: 'wrong-reverse-order',
        caseName: 'two-tools-one-turn',
        kind: 'cassette',
        says: 'order of the tool_use blocks',
      },
      {
        solution: 'wrong-text-first',
        caseName: 'echo',
        kind: 'api',
        says: 'Did not find 1 `tool_result` block(s) at the beginning of this message',
      },
      {
        solution: 'wrong-hard-coded',
        caseName: 'echo',
        kind: 'unconsumed',
        says: 'The output matches, but',
      },
    ],
  );
});
