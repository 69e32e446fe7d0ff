import { describe, expect, it } from 'vitest';
import { openingPlace } from './opening-place.ts';

const starter = 'import x from "y";\n\nexport function f() {\n  // TODO: write f\n  throw 1;\n}\n';
const noTodo = starter.replace('TODO', 'NOTE');

describe('openingPlace', () => {
  it.each([
    ['the first TODO, at its first character', starter, starter, { line: 4, column: 3 }],
    [
      'the first line changed, once no TODO is left',
      starter.replace('  // TODO: write f\n  throw 1;', '  return 2;'),
      starter,
      { line: 4, column: 3 },
    ],
    [
      'a TODO still there, after changes above it',
      `// mine\n${starter}`,
      starter,
      { line: 5, column: 3 },
    ],
    [
      'the end, when lines were only removed',
      'import x from "y";\n',
      noTodo,
      { line: 2, column: 1 },
    ],
    ['nothing: the starter has no TODO and is unchanged', noTodo, noTodo, undefined],
    [
      'a longer word is not a TODO',
      starter.replace('TODO', 'TODOS'),
      noTodo,
      { line: 4, column: 3 },
    ],
  ])('%s', (_what, text, from, place) => {
    expect(openingPlace(text, from)).toEqual(place);
  });
});
