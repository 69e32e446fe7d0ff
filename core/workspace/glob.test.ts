import { describe, expect, it } from 'vitest';
import { globToRegExp } from './glob.ts';

describe('globToRegExp', () => {
  it.each([
    ['*.ts', 'a.ts', true],
    ['*.ts', 'src/a.ts', false],
    ['src/*', 'src/a.ts', true],
    ['src/*', 'src/lib/a.ts', false],
    ['src/**', 'src/lib/a.ts', true],
    ['**/*.ts', 'a.ts', true],
    ['**/*.ts', 'src/lib/a.ts', true],
    ['**/*.ts', 'src/a.tsx', false],
    ['src/?.ts', 'src/a.ts', true],
    ['src/?.ts', 'src/ab.ts', false],
    ['a.(b)+', 'a.(b)+', true],
    ['a.ts', 'aXts', false],
  ])('%s matches %s: %s', (glob, path, matches) => {
    expect(globToRegExp(glob).test(path)).toBe(matches);
  });
});
