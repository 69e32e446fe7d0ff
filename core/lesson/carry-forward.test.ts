import { describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { carryForward } from './carry-forward.ts';
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
    ],
    [
      'the-while-loop',
      'bounding-the-loop',
      'const finalText = textOf(response.content);',
      'const finalText: string = textOf(response.content);',
    ],
    [
      'tool-registry',
      'tool-errors',
      'const byName = new Map(tools.map((tool) => [tool.name, tool]));',
      'const byName = new Map(tools.map((t) => [t.name, t]));',
    ],
  ])('keeps the learner’s own lines from %s in %s', (from, to, find, replace) => {
    const next = byId(to);
    const starter = next.starter[LOOP] ?? '';
    expect(starter).toContain(find);
    expect(carryForward(byId(from), next, edited(byId(from), find, replace))).toEqual({
      kind: 'merged',
      files: { [LOOP]: starter.replaceAll(find, replace) },
    });
  });

  it('says where the learner’s code and the new stub change the same lines', () => {
    const prev = byId('the-while-loop');
    const closing =
      '      return { finalText, trajectory, stopReason: response.stop_reason, turns };\n    }\n';
    const ours = edited(prev, closing, `${closing}    console.log(turns);\n`);
    const line = (ours[LOOP] ?? '').split('\n').indexOf('    console.log(turns);') + 1;
    expect(carryForward(prev, byId('bounding-the-loop'), ours)).toEqual({
      kind: 'conflict',
      conflicts: [{ path: LOOP, startLine: line, endLine: line }],
    });
  });

  it('carries nothing into a lesson that starts a new file', () => {
    const prev = byId('budgets-and-refusal');
    const ours = edited(prev, 'const usage', 'const spent');
    expect(carryForward(prev, byId('the-agent'), ours)).toEqual({ kind: 'none' });
  });
});
