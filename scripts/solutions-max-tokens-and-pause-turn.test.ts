import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('max-tokens-and-pause-turn', () => {
  checkSolutions(
    'max-tokens-and-pause-turn',
    ['correct-flags', 'correct-inner-retry', 'correct-options-once'],
    [
      {
        solution: 'wrong-runs-cut-off',
        caseName: 'cut-off-tool-call',
        kind: 'cassette',
        says: 'The reply cut off at max_tokens is not part of the conversation',
      },
      {
        solution: 'wrong-keeps-cut-off',
        caseName: 'cut-off-tool-call',
        kind: 'api',
        says: '`tool_use` ids were found without `tool_result` blocks immediately after',
      },
      {
        solution: 'wrong-same-room',
        caseName: 'cut-off-tool-call',
        kind: 'cassette',
        says: 'max_tokens: expected 2048 but got 1024',
      },
      {
        solution: 'wrong-adds-room',
        caseName: 'cut-off-twice',
        kind: 'cassette',
        says: 'max_tokens: expected 4096 but got 3072',
      },
      {
        solution: 'wrong-no-reset',
        caseName: 'cut-off-tool-call',
        kind: 'cassette',
        says: 'Request #3 of 3 left the recorded conversation at max_tokens: expected 1024 but got 2048',
      },
      {
        solution: 'wrong-no-limit',
        caseName: 'cut-off-at-the-limit',
        kind: 'cassette',
        says: 'the recording has 3 calls and the loop made request #4',
      },
      {
        solution: 'wrong-pause-ends',
        caseName: 'paused-turn',
        kind: 'diff',
        says: 'maxTokens[1] is missing',
      },
      {
        solution: 'wrong-continue-message',
        caseName: 'paused-turn',
        kind: 'cassette',
        says: 'at messages[2]: expected nothing there but got {"role":"user","content":"Continue."}',
      },
      {
        solution: 'wrong-ignores-stop-reasons',
        caseName: 'cut-off-tool-call',
        kind: 'diff',
        says: 'maxTokens[1] is missing: expected 2048',
      },
      {
        solution: 'wrong-until-end-turn',
        caseName: 'cut-off-answer',
        kind: 'cassette',
        says: 'the recording has 1 call and the loop made request #2',
      },
    ],
  );
});
