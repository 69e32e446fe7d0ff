import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { carriedFiles, carryForward, rebaseCarried, type CarryForward } from './carry-forward.ts';
import type { Lesson } from './types.ts';

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const lessons = loaded.course.lessons;
const byId = (id: string) => lessons.find((l) => l.id === id) as Lesson;
const pairs = lessons.slice(1).map((next, i) => [next.id, lessons[i] as Lesson, next] as const);
const LOOP = 'src/loop.ts';

/** The previous lesson's reference with one edit of the learner's: a change to every place. */
function edited(lesson: Lesson, find: string, replace: string): Record<string, string> {
  const text = lesson.reference[LOOP] ?? '';
  if (!text.includes(find)) throw new Error(`not in ${lesson.id}: ${find}`);
  return { [LOOP]: text.replaceAll(find, replace) };
}

const carried = (carry: CarryForward) => {
  if (carry.kind !== 'carried') throw new Error('nothing carried');
  return carry;
};
const clashesOf = (carry: CarryForward) =>
  carried(carry).clashes.map((c) => ({ id: c.id, reason: c.reason, merged: !!c.merged }));

describe('carryForward', () => {
  it.each(pairs)('has nothing to carry into %s from the reference itself', (_id, prev, next) => {
    expect(carryForward(prev, next, prev.reference)).toEqual({ kind: 'none' });
  });

  it.each([
    [
      'one-turn',
      'the-while-loop',
      '  // The API remembers nothing between calls: the reply only counts once it is in the history.\n',
      '  // Keep the reply: the next call sends it back.\n',
      [],
    ],
    [
      'the-while-loop',
      'bounding-the-loop',
      'const finalText = textOf(response.content);',
      'const finalText: string = textOf(response.content);',
      ['runLoop'],
    ],
    [
      'tool-registry',
      'tool-errors',
      'const byName = new Map(tools.map((tool) => [tool.name, tool]));',
      'const byName = new Map(tools.map((t) => [t.name, t]));',
      ['createRegistry'],
    ],
  ])('keeps the learner’s own lines from %s in %s', (from, to, find, replace, merged) => {
    const next = byId(to);
    const starter = next.starter[LOOP] ?? '';
    expect(starter).toContain(find);
    const carry = carryForward(byId(from), next, edited(byId(from), find, replace));
    // Where the new stub changes the same declaration, the two merged cleanly: a clash still,
    // which the learner sees, with both changes as what it starts from.
    expect(clashesOf(carry)).toEqual(
      merged.map((name) => ({
        id: `${LOOP}#${name}`,
        reason: { kind: 'both-changed' },
        merged: true,
      })),
    );
    expect(carriedFiles(next, carried(carry)).files).toEqual({
      [LOOP]: starter.replaceAll(find, replace),
    });
  });

  it('names the declaration the learner’s code and the new stub both change, and keeps theirs until they choose', () => {
    const prev = byId('the-while-loop');
    const next = byId('bounding-the-loop');
    const closing =
      '      return { finalText, trajectory, stopReason: response.stop_reason, turns };\n    }\n';
    const ours = edited(prev, closing, `${closing}    console.log(turns);\n`);
    const carry = carried(carryForward(prev, next, ours));
    expect(clashesOf(carry)).toEqual([
      { id: `${LOOP}#runLoop`, reason: { kind: 'both-changed' }, merged: false },
    ]);
    const mine = carriedFiles(next, carry).files[LOOP] ?? '';
    expect(mine).toContain('    console.log(turns);\n');
    expect(mine).not.toContain("throw new Error('TODO: bound the loop');");
    expect(carriedFiles(next, carry, { [`${LOOP}#runLoop`]: 'course' }).files).toEqual({
      [LOOP]: next.starter[LOOP],
    });
  });

  it('offers the whole file when the learner’s cannot be read as declarations', () => {
    const prev = byId('one-turn');
    const next = byId('the-while-loop');
    // Valid TypeScript that the scanner misreads: a regular expression right after `)`.
    const odd = `${prev.reference[LOOP]}\nif (Math.random() > 2) /}/.test('');\n`;
    const carry = carried(carryForward(prev, next, { [LOOP]: odd }));
    expect(carry.clashes.map((c) => [c.id, c.reason])).toEqual([
      [LOOP, { kind: 'whole-file', problem: 'ours: a } does not match' }],
    ]);
    expect(carriedFiles(next, carry).files).toEqual({ [LOOP]: next.starter[LOOP] });
    expect(carriedFiles(next, carry, { [LOOP]: 'mine' }).files).toEqual({ [LOOP]: odd });
  });

  it('carries nothing into a lesson that starts a new file', () => {
    const prev = byId('budgets-and-refusal');
    const ours = edited(prev, 'const usage', 'const spent');
    expect(carryForward(prev, byId('the-agent'), ours)).toEqual({ kind: 'none' });
  });

  it('moves a draft to a new choice, keeping the declarations the learner edited since', () => {
    const file = (...parts: string[]) => ({ [LOOP]: `${parts.join('\n\n')}\n` });
    const before = file('const a = 1;', 'function run() {\n  return 1;\n}');
    const after = file('const a = 1;', 'function run() {\n  return 2;\n}');
    expect(rebaseCarried(before, before, after)).toEqual(after);
    const edited = file('const a = 10;', 'function run() {\n  return 1;\n}');
    expect(rebaseCarried(edited, before, after)).toEqual(
      file('const a = 10;', 'function run() {\n  return 2;\n}'),
    );
    const both = file('const a = 1;', 'function run() {\n  return 3;\n}');
    expect(rebaseCarried(both, before, after)).toEqual(after);
  });
});
