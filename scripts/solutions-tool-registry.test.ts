import { describe } from 'vitest';
import { checkSolutions } from './grade-solution.ts';

describe('tool-registry', () => {
  checkSolutions(
    'tool-registry',
    ['correct-find', 'correct-class', 'correct-whole-tools'],
    [
      {
        solution: 'wrong-crash-unknown',
        caseName: 'unknown-tool',
        kind: 'runtime',
        says: "TypeError: Cannot read properties of undefined (reading 'run')",
      },
      {
        solution: 'wrong-throws-unknown',
        caseName: 'unknown-tool',
        kind: 'runtime',
        says: 'Error: Unknown tool: get_forecast',
      },
      {
        solution: 'wrong-skip-unknown',
        caseName: 'unknown-beside-known',
        kind: 'api',
        says: '`tool_use` ids were found without `tool_result` blocks immediately after',
      },
      {
        solution: 'wrong-skip-unknown',
        caseName: 'unknown-tool',
        kind: 'api',
        says: 'messages.2: all messages must have non-empty content',
      },
      {
        solution: 'wrong-no-is-error',
        caseName: 'unknown-tool',
        kind: 'cassette',
        says: "A failing tool's result needs is_error: true.",
      },
      {
        solution: 'wrong-no-description',
        caseName: 'time-and-weather',
        kind: 'cassette',
        says: 'tools[0].description: expected "Returns the given text unchanged." but it is missing',
      },
      {
        solution: 'wrong-loose-match',
        caseName: 'time-and-weather',
        kind: 'cassette',
        says: 'messages[2].content[0].content: expected "21:05" but got "24°C, light rain"',
      },
      {
        solution: 'wrong-hard-coded',
        caseName: 'unknown-tool',
        kind: 'diff',
        says: 'Hidden case "unknown-tool"',
      },
    ],
  );
});
