import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('the-agent', () => {
  checkSolutions(
    'the-agent',
    ['correct-for-loop', 'correct-while-registry'],
    [
      {
        solution: 'wrong-no-is-error',
        caseName: 'unknown-city',
        kind: 'cassette',
        says: "messages[2].content[0].is_error: expected true but it is missing. A failing tool's result needs is_error: true.",
      },
      {
        solution: 'wrong-crashes',
        caseName: 'unknown-city',
        kind: 'runtime',
        says: 'Error: no weather data for "Atlantis" (at src/agent.ts:',
      },
      {
        solution: 'wrong-message-per-result',
        caseName: 'two-cities',
        kind: 'cassette',
        says: 'Tool results for one turn belong in ONE user message',
      },
      {
        solution: 'wrong-log-format',
        caseName: 'chicago',
        kind: 'diff',
        says: 'log[0]: expected "turn 1 stop_reason=\\"tool_use\\" → get_weather", got "Turn 1: tool_use [\\"get_weather\\"]"',
      },
      {
        solution: 'wrong-first-name-only',
        caseName: 'two-cities',
        kind: 'diff',
        says: 'log[0] is wrong',
      },
      {
        solution: 'wrong-no-answer-line',
        caseName: 'chicago',
        kind: 'diff',
        says: 'log[2] is missing',
      },
      {
        solution: 'wrong-from-zero',
        caseName: 'chicago',
        kind: 'diff',
        says: 'got "turn 0 stop_reason=\\"tool_use\\" → get_weather"',
      },
      {
        solution: 'wrong-no-tools',
        caseName: 'chicago',
        kind: 'cassette',
        says: 'The `tools` list differs from the recording',
      },
      {
        solution: 'wrong-max-tokens',
        caseName: 'chicago',
        kind: 'cassette',
        says: 'max_tokens: expected 1024 but got 4096',
      },
      {
        solution: 'wrong-forgets-reply',
        caseName: 'chicago',
        kind: 'api',
        says: 'unexpected `tool_use_id` found in `tool_result` blocks',
      },
      {
        solution: 'wrong-hard-coded',
        caseName: 'chicago',
        kind: 'unconsumed',
        says: 'The output matches, but the recording has 2 calls but the loop made none',
      },
      {
        solution: 'wrong-hard-coded',
        caseName: 'two-cities',
        kind: 'diff',
        says: 'answer is wrong',
      },
    ],
  );
});
