import { describe, expect, it } from 'vitest';
import { missingExports } from './missing-exports.ts';

describe('missingExports', () => {
  it('names what a bundle found missing from the learner’s files, once per name', () => {
    const error = (file: string, text: string) => ({
      file,
      line: 3,
      column: 10,
      text,
      lineText: '',
    });
    const missing = (path: string, name: string) =>
      error('program.ts', `No matching export in "ti:ws/${path}" for import "${name}"`);
    expect(
      missingExports([
        missing('src/loop.ts', 'runLoop'),
        missing('src/loop.ts', 'createRegistry'),
        missing('src/loop.ts', 'runLoop'),
        error('src/loop.ts', 'Expected ";" but found "}"'),
      ]),
    ).toEqual([{ path: 'src/loop.ts', names: ['runLoop', 'createRegistry'] }]);
  });
});
