/**
 * Mutation testing of every lesson's reference, as the measure of its cases: each small slip a
 * learner could make in the code the lesson adds (scripts/mutate/mutants.ts) is graded against
 * the lesson's cases by the core grader, with the CLI's host. A mutant that passes every case
 * is a case the lesson lacks, unless it is listed, with why, in the lesson's
 * equivalent-mutants.json. Prints a line per lesson and, last, the score over the course.
 * Usage: npm run mutate [-- <lesson-id>...]
 */
import type { CaseReport } from '../../core/index.ts';
import { loadPackagedCourse } from '../../cli/load.ts';
import { contradictedAdvice } from '../check-advice.ts';
import type { KnownFailure } from '../check-tutor.ts';
import { readRules } from '../read-rules.ts';
import { createNodeHost } from '../../cli/node-host.ts';
import { isListed, nameMutants, readEquivalents, type NamedMutant } from './equivalents.ts';
import { createMutantGrader } from './grade-mutant.ts';
import { applyMutant, mutantsOf } from './mutants.ts';
import { mutationTargets } from './scope.ts';

/** Every lesson's cases must kill at least this share of its non-equivalent mutants. */
const GOAL = 0.95;

const loaded = loadPackagedCourse(undefined, { sealed: false });
if ('error' in loaded) {
  console.error(loaded.error);
  process.exit(1);
}
const { course } = loaded;
const only = process.argv.slice(2);
const lessons = course.lessons.filter((l) => only.length === 0 || only.includes(l.id));
const host = createNodeHost();
const started = performance.now();
let killedInAll = 0;
let countedInAll = 0;
let ok = true;

for (const lesson of lessons) {
  const lessonStarted = performance.now();
  const grade = createMutantGrader(host, lesson);
  const equivalents = readEquivalents(lesson.id);
  const used = new Set<number>();
  const survivors: NamedMutant[] = [];
  const problems: string[] = [];
  let killed = 0;
  let counted = 0;
  let equivalent = 0;
  /** What killed each mutant: explanations too, whose advice must fit this lesson. */
  const failures: KnownFailure[] = [];
  for (const target of mutationTargets(course, lesson)) {
    const mutants = nameMutants(mutantsOf(target.source, (line) => target.lines.has(line)));
    for (const mutant of mutants) {
      const listed = equivalents.findIndex((entry) => isListed(mutant, entry));
      const files = { ...lesson.reference, [target.path]: applyMutant(target.source, mutant) };
      const verdict = await grade(files);
      if (listed !== -1) {
        used.add(listed);
        equivalent++;
        if (verdict.killedBy) {
          problems.push(
            `listed as equivalent, but ${verdict.killedBy.name} kills it (${verdict.killedBy.kind}): ${target.path} ${mutant.name}`,
          );
        }
        continue;
      }
      counted++;
      if (verdict.killedBy) {
        killed++;
        const report = { ...verdict.killedBy } as CaseReport;
        failures.push({ source: `mutant ${mutant.name}`, report });
      } else survivors.push(mutant);
    }
  }
  problems.push(...contradictedAdvice(lesson, readRules(lesson.id), failures));
  equivalents.forEach((entry, i) => {
    if (!used.has(i))
      problems.push(`listed as equivalent, but no such mutant: ${entry.line}: ${entry.change}`);
  });
  killedInAll += killed;
  countedInAll += counted;
  const score = counted === 0 ? 1 : killed / counted;
  if (score < GOAL || problems.length > 0) ok = false;
  const seconds = ((performance.now() - lessonStarted) / 1000).toFixed(1);
  const extra = equivalent > 0 ? `, ${equivalent} equivalent` : '';
  console.log(`${lesson.id}: ${percent(score)} (${killed}/${counted})${extra}, ${seconds} s`);
  for (const mutant of survivors) console.log(`  survived: ${mutant.name}`);
  for (const problem of problems) console.log(`  ${problem}`);
}
host.close();
const total = ((performance.now() - started) / 1000).toFixed(0);
console.log(`(${total} s in all)`);
const overall = countedInAll === 0 ? 1 : killedInAll / countedInAll;
console.log(`mutation score: ${percent(overall)} (${killedInAll}/${countedInAll})`);
process.exitCode = ok ? 0 : 1;

function percent(share: number): string {
  return `${(Math.floor(share * 1000) / 10).toFixed(1)}%`;
}
