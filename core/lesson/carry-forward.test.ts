import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { solutionsDir } from '../../scripts/catalogue.ts';
import {
  carriedFiles,
  carryForward as carryAcross,
  carrySources,
  latestWith,
  rebaseCarried,
  type CarryForward,
} from './carry-forward.ts';
import type { FileMap, Lesson } from './types.ts';

const loaded = loadPackagedCourse();
if ('error' in loaded) throw new Error(loaded.error);
const lessons = loaded.course.lessons;
const byId = (id: string) => lessons.find((l) => l.id === id) as Lesson;
const pairs = lessons.slice(1).map((next, i) => [next.id, lessons[i] as Lesson, next] as const);
const LOOP = 'src/loop.ts';

/** The learner's code passed at `from` alone, carried into `next`. */
const carryForward = (from: Lesson, next: Lesson, passed: FileMap) =>
  carryAcross(lessons, next, (l) => (l.id === from.id ? passed : undefined));

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

describe('carrying a file across lessons that do without it', () => {
  // A loop that passed budgets-and-refusal, written its own way (no runOneTurn, a meter).
  const meter = readFileSync(`${solutionsDir('budgets-and-refusal')}/correct-meter.ts`, 'utf8');
  const budgets = byId('budgets-and-refusal');
  const fileTools = byId('file-tools');
  const permissions = byId('permissions');
  const agent = { 'src/agent.ts': byId('the-agent').reference['src/agent.ts'] as string };
  /** What the page keeps: the code that passed, per lesson. */
  const passed = (code: Record<string, FileMap>) => (l: Lesson) => code[l.id];

  it('finds the latest earlier lesson with the file, past the lessons without it', () => {
    expect(latestWith(lessons, fileTools, LOOP)?.id).toBe('budgets-and-refusal');
    expect(latestWith(lessons, permissions, LOOP)?.id).toBe('file-tools');
    expect(latestWith(lessons, fileTools, 'src/file-tools.ts')).toBeUndefined();
    // Read-only in the lesson before: what the learner had there was the course's.
    expect(latestWith(lessons, fileTools, 'src/types.ts')).toBeUndefined();
    const code = passed({ 'budgets-and-refusal': { [LOOP]: meter }, 'the-agent': agent });
    const sources = carrySources(lessons, permissions, code);
    // Nothing passed at file-tools: the loop comes from the last lesson that has the learner's.
    expect(sources.map((s) => [s.path, s.from.id, s.mine === meter])).toEqual([
      [LOOP, 'budgets-and-refusal', true],
    ]);
  });

  it('opens file-tools with the loop the learner passed budgets-and-refusal with', () => {
    const code = passed({
      'budgets-and-refusal': { [LOOP]: meter },
      'the-agent': agent,
      'streaming-replies': { 'src/agent.ts': 'export {};\n' },
    });
    const carry = carried(carryAcross(lessons, fileTools, code));
    expect(carry.clashes).toEqual([]);
    expect(carry.files.map((f) => [f.path, f.from])).toEqual([[LOOP, 'budgets-and-refusal']]);
    const out = carriedFiles(fileTools, carry);
    expect(out.files).toEqual({
      'src/file-tools.ts': fileTools.starter['src/file-tools.ts'],
      [LOOP]: meter,
    });
    expect(out.taken).toEqual([]);
  });

  it('merges what the course changes in the file meanwhile, and names a clash with where it came from', () => {
    const starter = fileTools.starter[LOOP] ?? '';
    const options = '  budget?: number;\n}';
    const line =
      '  /** How many cache tokens count toward the budget. */\n  cacheWeight?: number;\n';
    expect(starter).toContain(options);
    const grown = {
      ...fileTools,
      starter: {
        ...fileTools.starter,
        [LOOP]: starter.replace(options, `  budget?: number;\n${line}}`),
      },
    };
    // The learner's own LoopOptions: theirs and the course's both changed it since budgets.
    const code = passed({ 'budgets-and-refusal': { [LOOP]: meter } });
    const carry = carried(carryAcross(lessons, grown, code));
    expect(carry.clashes.map((c) => [c.id, c.from, c.reason.kind])).toEqual([
      [`${LOOP}#LoopOptions`, 'budgets-and-refusal', 'both-changed'],
    ]);
    expect(carry.clashes[0]?.base).toContain('cap?: number;');
    const course = carriedFiles(grown, carry, { [`${LOOP}#LoopOptions`]: 'course' });
    expect(course.files[LOOP]).toContain(line);
    expect(course.files[LOOP]).toContain(
      meter.slice(meter.indexOf('export async function runLoop')),
    );
    // A runLoop of their own and the course's new LoopOptions go together without a clash.
    const own = edited(budgets, 'let turns = 0;', 'let turns = 0; // calls so far');
    const merged = carried(carryAcross(lessons, grown, passed({ 'budgets-and-refusal': own })));
    expect(merged.clashes).toEqual([]);
    const text = carriedFiles(grown, merged).files[LOOP];
    expect(text).toBe(
      grown.starter[LOOP].replace('let turns = 0;', 'let turns = 0; // calls so far'),
    );
  });

  it('carries nothing when the learner’s loop is the course’s, and the whole file when it cannot be read', () => {
    const reference = { [LOOP]: budgets.reference[LOOP] as string };
    const code = passed({ 'budgets-and-refusal': reference });
    expect(carryAcross(lessons, fileTools, code)).toEqual({ kind: 'none' });
    const odd = `${meter}\nif (Math.random() > 2) /}/.test('');\n`;
    const carry = carried(
      carryAcross(lessons, fileTools, passed({ 'budgets-and-refusal': { [LOOP]: odd } })),
    );
    expect(carry.clashes.map((c) => [c.id, c.from, c.reason.kind])).toEqual([
      [LOOP, 'budgets-and-refusal', 'whole-file'],
    ]);
    expect(carriedFiles(fileTools, carry, { [LOOP]: 'mine' }).files[LOOP]).toBe(odd);
  });

  it('carries from the file on disk as the CLI has it: the stage the directory was at, or before', () => {
    const onDisk = (at: Lesson) => (l: Lesson) =>
      l.index <= at.index ? { [LOOP]: meter } : undefined;
    const fromStreaming = carried(
      carryAcross(lessons, fileTools, onDisk(byId('streaming-replies'))),
    );
    expect(fromStreaming.files.map((f) => f.from)).toEqual(['budgets-and-refusal']);
    // From an earlier stage the base is that stage's reference: steering's loop grows into budgets'.
    const fromSteering = carrySources(lessons, fileTools, onDisk(byId('steering')));
    expect(fromSteering.map((s) => s.from.id)).toEqual(['steering']);
  });
});
