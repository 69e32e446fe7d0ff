import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('tool-errors', () => {
  checkSolutions(
    'tool-errors',
    ['correct-try-catch', 'correct-then-catch', 'correct-error-flag'],
    [
      {
        solution: 'wrong-crashes',
        caseName: 'misspelled-city',
        kind: 'runtime',
        says: 'Error: no weather data for "Sao Paolo"',
      },
      {
        solution: 'wrong-return-without-await',
        caseName: 'misspelled-city',
        kind: 'runtime',
        says: 'Error: no weather data for "Sao Paolo"',
      },
      {
        solution: 'wrong-no-is-error',
        caseName: 'misspelled-city',
        kind: 'cassette',
        says: "messages[2].content[0].is_error: expected true but it is missing. A failing tool's result needs is_error: true.",
      },
      {
        solution: 'wrong-missing-result',
        caseName: 'one-of-two-fails',
        kind: 'api',
        says: '`tool_use` ids were found without `tool_result` blocks immediately after',
      },
      {
        solution: 'wrong-string-of-error',
        caseName: 'misspelled-city',
        kind: 'cassette',
        says: 'expected "no weather data for \\"Sao Paolo\\"" but got "Error: no weather data for \\"Sao Paolo\\""',
      },
      {
        solution: 'wrong-assumes-error',
        caseName: 'rejects-with-a-string',
        kind: 'cassette',
        says: 'expected "rate service timed out after 5000 ms" but it is missing',
      },
      {
        solution: 'wrong-catch-around-batch',
        caseName: 'one-of-two-fails',
        kind: 'cassette',
        says: 'expected "19°C, overcast" but got "no weather data for \\"Atlantis\\""',
      },
    ],
  );
});
