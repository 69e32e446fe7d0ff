import { describe, expect, it } from 'vitest';
import {
  planDeclarations,
  renderDeclarations,
  type CarryChoice,
  type DeclarationPlan,
} from './merge-declarations.ts';

const file = (...parts: string[]) => `${parts.join('\n\n')}\n`;
const plan = (base: string, ours: string, theirs: string, required: string[] = []) =>
  planDeclarations(base, ours, theirs, required) as DeclarationPlan;
const render = (p: DeclarationPlan, choices: Record<string, CarryChoice> = {}) =>
  renderDeclarations(p, choices);

const IMPORT = "import type { A } from './types';";
const helper = 'function helper(): number {\n  return 1;\n}';
const run = 'export function run(): number {\n  return helper();\n}';
const runStub =
  "export function run(): number {\n  // TODO: call helper\n  throw new Error('TODO');\n}";

describe('planDeclarations and renderDeclarations', () => {
  it("keeps the learner's declarations, adds the new ones, and brings the helpers the new ones call", () => {
    const base = file(IMPORT, helper, run);
    const ours = file(IMPORT, 'export const run = (): number => 2;');
    const next = 'export function next(b: B): number {\n  return helper() + run() + b;\n}';
    const theirs = file("import type { A, B } from './types';", helper, run, next);
    expect(render(plan(base, ours, theirs))).toEqual({
      text: file(
        "import type { A, B } from './types';",
        helper,
        'export const run = (): number => 2;',
        next,
      ),
      kept: ['run'],
      taken: ['helper', 'next'],
    });
  });

  it('leaves out what the learner removed, unless something kept or required needs it', () => {
    const base = file(helper, run);
    const ours = file('export function run(): number {\n  return 3;\n}');
    const theirs = file(helper, run, 'export function other() {}');
    expect(render(plan(base, ours, theirs)).text).toBe(
      file('export function run(): number {\n  return 3;\n}', 'export function other() {}'),
    );
    const ours2 = file('export function other() {}');
    expect(render(plan(base, ours2, file(helper, run), ['run'])).text).toBe(
      file(helper, run, 'export function other() {}'),
    );
  });

  it('drops what the new version removed, unless the learner changed it or still uses it', () => {
    const base = file('type Old = string;', 'type Gone = number;', 'export const x = 1;');
    const ours = file('type Old = string[];', 'type Gone = number;', 'export const x = 2;');
    expect(render(plan(base, ours, file('export const x = 1;'))).text).toBe(
      file('type Old = string[];', 'export const x = 2;'),
    );
  });

  it('takes the new version of a declaration the learner did not change', () => {
    const base = file(helper, run);
    const ours = file(helper, run, 'const mine = 1;');
    const theirs = file(helper, runStub);
    expect(render(plan(base, ours, theirs))).toEqual({
      text: file(helper, runStub, 'const mine = 1;'),
      kept: ['helper', 'mine'],
      taken: ['run'],
    });
  });

  describe('a declaration both changed', () => {
    const base = file(helper, run);
    const mine = 'export function run(): number {\n  return helper() * 2;\n}';
    const ours = file(helper, mine);
    const theirs = file(helper, runStub);
    const p = plan(base, ours, theirs);

    it('is a clash, with both versions', () => {
      expect(p.clashes).toEqual([
        { name: 'run', reason: { kind: 'both-changed' }, mine, course: runStub, base: run },
      ]);
    });

    it.each([
      ['mine', file(helper, mine)],
      ['course', file(helper, runStub)],
      [
        'both',
        file(
          helper,
          [
            "// This lesson's version of run, to combine with yours below (then delete it):",
            '// export function run(): number {',
            '//   // TODO: call helper',
            "//   throw new Error('TODO');",
            '// }',
            mine,
          ].join('\n'),
        ),
      ],
    ] as const)('gives %s what it chose', (choice, text) => {
      expect(render(p, { run: choice }).text).toBe(text);
    });

    it('is theirs until they choose, unless the two merge cleanly line by line: then both', () => {
      expect(render(p).text).toBe(file(helper, mine));
      const long = (first: string, last: string) =>
        `function f() {\n  ${first}\n  const b = 2;\n  const c = 3;\n  ${last}\n}`;
      const merged = plan(
        file(long('const a = 1;', 'return a;')),
        file(long('const a = 10;', 'return a;')),
        file(long('const a = 1;', 'return a + b;')),
      );
      expect(merged.clashes[0]?.merged).toBe(long('const a = 10;', 'return a + b;'));
      expect(render(merged).text).toBe(file(long('const a = 10;', 'return a + b;')));
    });
  });

  it("is a clash when the new version changes a helper the learner's code does without", () => {
    const tools = 'function runTools(): number[] {\n  return [1];\n}';
    const loop = 'export function loop(): number[] {\n  return runTools();\n}';
    const toolsStub = "function runTools(): number[] {\n  throw new Error('TODO: in parallel');\n}";
    const mine = 'export function loop(): number[] {\n  return [1];\n}';
    const p = plan(file(loop, tools), file(mine), file(loop, toolsStub));
    expect(p.clashes).toEqual([
      {
        name: 'loop',
        reason: { kind: 'stands-in', for: 'runTools', was: tools, now: toolsStub },
        mine,
        course: loop,
      },
    ]);
    expect(render(p).text).toBe(file(mine));
    expect(render(p, { loop: 'course' }).text).toBe(file(loop, toolsStub));
  });

  it('says which version it could not read as declarations', () => {
    expect(planDeclarations('const a = 1;', 'function a() {', 'const a = 1;')).toBe(
      'ours: a { is not closed',
    );
  });
});
