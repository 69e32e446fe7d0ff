import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { splitTopLevel, type TopLevelFile } from './top-level.ts';

const split = (text: string) => splitTopLevel(text) as TopLevelFile;
const keys = (text: string) => split(text).items.map((i) => i.key);

describe('splitTopLevel', () => {
  it('finds each declaration with the comments above it, and what it exports', () => {
    const file = split(
      [
        "import type { Message } from './types';",
        '',
        '/** Doc. */',
        'export async function run(messages: Message[]) {',
        '  return helper(messages);',
        '}',
        '',
        '',
        '// A helper.',
        'const helper = (m: Message[]) => m.length;',
        'export type Reason = string;',
        '',
      ].join('\n'),
    );
    expect(
      file.items.map(({ kind, key, names, exports, text, gapLines }) => ({
        kind,
        key,
        names,
        exports,
        text,
        gapLines,
      })),
    ).toEqual([
      {
        kind: 'import',
        key: "import:import type { Message } from './types';",
        names: ['Message'],
        exports: [],
        text: "import type { Message } from './types';",
        gapLines: 0,
      },
      {
        kind: 'declaration',
        key: 'run',
        names: ['run'],
        exports: ['run'],
        text: '/** Doc. */\nexport async function run(messages: Message[]) {\n  return helper(messages);\n}',
        gapLines: 1,
      },
      {
        kind: 'declaration',
        key: 'helper',
        names: ['helper'],
        exports: [],
        text: '// A helper.\nconst helper = (m: Message[]) => m.length;',
        gapLines: 2,
      },
      {
        kind: 'declaration',
        key: 'Reason',
        names: ['Reason'],
        exports: ['Reason'],
        text: 'export type Reason = string;',
        gapLines: 0,
      },
    ]);
    expect([...(file.items[1]?.refs ?? [])].filter((r) => /^[A-Za-z]/.test(r))).toEqual([
      'export',
      'async',
      'function',
      'run',
      'messages',
      'Message',
      'return',
      'helper',
    ]);
  });

  it('is not fooled by braces and keywords in strings, templates, comments and regular expressions', () => {
    const text = [
      "const a = '}{ function x() {';",
      'const b = `${a.replace(/[}{]/g, "`")} } ${`nested ${a}`}',
      'export function c() {}`;',
      '/* } function d() { */',
      'const e = 1 / 2 / 3;',
      'const f = (x: number) => x > 1 ? /}/.test("") : 0;',
      "// } const g = '",
      'function h() {}',
    ].join('\n');
    expect(keys(text)).toEqual(['a', 'b', 'e', 'f', 'h']);
  });

  it('keeps a statement that goes on over several lines whole', () => {
    const text = [
      'export type Stop =',
      "  | 'cap'",
      "  | 'budget';",
      'export const handler =',
      '  async function () {};',
      'const total = values',
      '  .map((v) => v * 2)',
      '  .reduce((s, v) => s + v, 0);',
      'export function f(a: string): string;',
      'export function f(a: unknown) {',
      '  return String(a);',
      '}',
    ].join('\n');
    expect(keys(text)).toEqual(['Stop', 'handler', 'total', 'f']);
    expect(split(text).items[3]?.text).toBe(
      'export function f(a: string): string;\nexport function f(a: unknown) {\n  return String(a);\n}',
    );
  });

  it('names export lists, default exports, destructuring and other statements by their code', () => {
    const text = [
      'export { a, b as c };',
      "export * from './types';",
      'export default function main() {}',
      'const { x, y } = point;',
      'main();',
      '// the end',
    ].join('\n');
    const file = split(text);
    expect(file.items.map((i) => [i.kind, i.key, i.exports])).toEqual([
      ['export', 'export:export { a, b as c };', ['a', 'c']],
      ['export', "export:export * from './types';", ['*']],
      ['declaration', 'default', ['default']],
      ['statement', 'statement:const { x, y } = point;', []],
      ['statement', 'statement:main();', []],
    ]);
    expect(file.trailing).toBe('// the end');
  });

  it('tells two declarations of one name apart when they are not side by side', () => {
    expect(keys('interface A {}\nconst b = 1;\ninterface A { x: number }\n')).toEqual([
      'A',
      'b',
      'A#2',
    ]);
  });

  it.each([
    ['a string', "const a = 'open;\n"],
    ['a comment', '/* open\n'],
    ['a template literal', 'const a = `open ${1}\n'],
    ['brackets', 'function a() {\n'],
    ['brackets that do not match', 'const a = (1];\n'],
  ])('says why it cannot read %s', (_what, text) => {
    expect(typeof splitTopLevel(text)).toBe('string');
  });

  it('reads every file of the course', () => {
    const loaded = loadPackagedCourse(undefined, { sealed: false });
    if ('error' in loaded) throw new Error(loaded.error);
    const unread = loaded.course.lessons.flatMap((lesson) =>
      Object.entries({ ...lesson.starter, ...lesson.reference, 'program.ts': lesson.harness })
        .filter(([, text]) => typeof splitTopLevel(text) === 'string')
        .map(([path]) => `${lesson.id}/${path}`),
    );
    expect(unread).toEqual([]);
  });
});
