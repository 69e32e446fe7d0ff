import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPackagedCourse } from '../../cli/load.ts';
import { createNodeHost } from '../../cli/node-host.ts';
import { readCatalogue, solutionsDir } from '../../scripts/catalogue.ts';
import { typecheckLesson } from '../../scripts/typecheck-lesson.ts';
import { startGrading } from '../grade/start-grading.ts';
import { carriedFiles, carryForward, latestWith, type CarryChoice } from './carry-forward.ts';
import { planDeclarations, renderDeclarations } from './merge-declarations.ts';
import { splitTopLevel, type TopLevelFile } from './top-level.ts';
import type { FileMap, Lesson } from './types.ts';

/**
 * The mistake catalogue's correct solutions, each lesson's in several styles, carried into each
 * later lesson with their file, from the latest lesson before it that had the file (the next
 * lesson, or across lessons that do without it: budgets-and-refusal's loop into file-tools),
 * as a learner who passed with them would be. Where lessons with the file but a catalogue of
 * another file lie between (file-tools, for permissions' src/loop.ts), the solution is first
 * carried through them as a learner who passed each would have it. Then:
 * - whatever the learner chooses at each clash, every declaration of theirs that the new
 *   starter does not also change is in the file as they wrote it, and the file type-checks
 *   (the harness's calls into what this lesson changes aside: that is the lesson's work);
 * - taking the course's version at each clash, then filling the starter's TODOs with the
 *   next reference's declarations (the same merge, from the starter to the reference), the
 *   learner's own declarations still there, it passes every case of the next lesson.
 */
const loaded = loadPackagedCourse(undefined, { sealed: false });
if ('error' in loaded) throw new Error(loaded.error);
const lessons = loaded.course.lessons;
const host = createNodeHost();
afterAll(() => host.close());

const declarationsOf = (text: string) =>
  (splitTopLevel(text) as TopLevelFile).items.filter((i) => i.kind !== 'import');

/**
 * The learner's declarations that must come through as they are: those they changed (and that
 * do not clash), and those they left as the course had them where the new starter did too.
 * One the learner left alone and the starter changed or dropped comes as the starter has it.
 */
function ownDeclarations(
  prev: Lesson,
  next: Lesson,
  path: string,
  mine: string,
  clashes: string[],
): string[] {
  const base = new Map(declarationsOf(prev.reference[path] ?? '').map((i) => [i.key, i]));
  const theirs = new Map(declarationsOf(next.starter[path] ?? '').map((i) => [i.key, i]));
  return declarationsOf(mine)
    .filter((i) => !clashes.includes(i.key))
    .filter((i) => {
      const was = base.get(i.key)?.text;
      // The learner's own change; or one neither changed, which the starter keeps. One only the
      // starter changed comes in the starter's version: that is the merge's answer.
      return was !== i.text || (theirs.has(i.key) && theirs.get(i.key)?.text === was);
    })
    .map((i) => i.text);
}

/** The starter's TODOs filled: a merge from the next starter to its reference, theirs taken at each clash. */
function filled(next: Lesson, files: FileMap): FileMap {
  const out: FileMap = { ...next.starter };
  for (const [path, text] of Object.entries(files)) {
    const plan = planDeclarations(next.starter[path] ?? '', text, next.reference[path] ?? '');
    if (typeof plan === 'string') throw new Error(plan);
    const course = Object.fromEntries(plan.clashes.map((c) => [c.name, 'course' as const]));
    out[path] = renderDeclarations(plan, course).text;
  }
  return out;
}

/** The learner's `text` of `path` at `from`, carried into `at` and passed there: the course's at each clash, the TODOs filled. */
function passedWith(from: Lesson, at: Lesson, path: string, text: string): string {
  const carry = carryForward(lessons, at, (l) => (l === from ? { [path]: text } : undefined));
  if (carry.kind === 'none') return at.reference[path] ?? text;
  const course = Object.fromEntries(carry.clashes.map((c) => [c.id, 'course' as const]));
  return filled(at, carriedFiles(at, carry, course).files)[path] ?? text;
}

/** Each lesson's editable files that an earlier lesson's catalogue is of: it carries into them. */
const pairs = lessons.flatMap((next) =>
  Object.keys(next.starter).flatMap((path) => {
    if (next.readOnly.includes(path)) return [];
    const prev = latestWith(lessons, next, path);
    const source = latestWith(lessons, next, path, (l) => l.entry === path);
    if (!prev || !source) return [];
    const between = lessons.filter(
      (l) => l.index > source.index && l.index <= prev.index && l.starter[path] !== undefined,
    );
    const solutions = (readCatalogue(source.id)?.catalogue.correct ?? []).map((name) => {
      let text = readFileSync(`${solutionsDir(source.id)}/${name}.ts`, 'utf8');
      let at = source;
      for (const lesson of between) {
        text = passedWith(at, lesson, path, text);
        at = lesson;
      }
      return { name, text };
    });
    const through = between.length > 0 ? ` through ${between.map((l) => l.id).join(', ')}` : '';
    return [
      { title: `${source.id} carried into ${next.id}${through}`, prev, next, path, solutions },
    ];
  }),
);

for (const { title, prev, next, path, solutions } of pairs)
  describe(title, () => {
    it('has at least three correct styles to carry', () => {
      expect(solutions.length).toBeGreaterThanOrEqual(3);
    });

    it.each(solutions)(
      '$name keeps its own declarations and passes once filled',
      async ({ text }) => {
        const carry = carryForward(lessons, next, (l) =>
          l === prev ? { [path]: text } : undefined,
        );
        if (carry.kind !== 'carried') throw new Error('nothing carried');
        const own = ownDeclarations(
          prev,
          next,
          path,
          text,
          carry.clashes.map((c) => c.name),
        );
        const every = (choice: CarryChoice) =>
          Object.fromEntries(carry.clashes.map((c) => [c.id, choice]));

        const checked = new Set<string>();
        for (const choice of ['mine', 'both'] as const) {
          const { files } = carriedFiles(next, carry, every(choice));
          const carried = files[path] ?? '';
          expect(own.filter((d) => !carried.includes(d))).toEqual([]);
          // Without a clash both choices make the same files: type-check them once (~1 s each).
          if (checked.has(carried)) continue;
          checked.add(carried);
          const problems = typecheckLesson(next, { ...next.starter, ...files });
          expect(problems.filter((p) => !p.startsWith('program.ts:'))).toEqual([]);
        }

        const { files } = carriedFiles(next, carry, every('course'));
        const done = filled(next, files);
        expect(own.filter((d) => !(done[path] ?? '').includes(d))).toEqual([]);
        host.prepare(next.cases.length);
        // The case's time limit is not what is tested here: room enough for two loaded cores.
        const report = await startGrading(host, next, done, { timeoutMs: 15_000 }).result;
        expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual(
          report.cases.map((c) => [c.name, 'pass', 'Output matches.']),
        );
      },
      60_000,
    );
  });
