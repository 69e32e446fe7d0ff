import { startGrading, type CaseReport, type FileMap, type Lesson } from '../../core/index.ts';
import type { NodeHost } from '../../cli/node-host.ts';

/** How a mutant fared: the first case that failed it, or none (it survived every case). */
export interface MutantVerdict {
  killedBy?: Pick<CaseReport, 'name' | 'kind' | 'message'>;
  /** Cases graded before the verdict. */
  casesRun: number;
}

/**
 * Cases run at a time: the machine has two cores, and a mutant is usually killed by the first
 * case or two, so grading all of a lesson's cases at once would mostly be wasted work.
 */
const BATCH = 2;

/**
 * A mutant's time limit per case. The references finish every case in a few milliseconds; a
 * mutant that loops without end is killed by it, and a limit this short keeps such mutants
 * from costing the lesson's full 5 s each.
 */
export const MUTANT_TIMEOUT_MS = 2_000;

/**
 * Grades mutants of one lesson's reference with the CLI's host, case by case, and stops at the
 * first case that fails (the mutant is killed). The cases that have killed the most so far go
 * first, so most mutants cost one batch.
 */
export function createMutantGrader(host: NodeHost, lesson: Lesson) {
  const kills = new Map(lesson.cases.map((c) => [c.name, 0]));
  return async function grade(files: FileMap): Promise<MutantVerdict> {
    const order = [...lesson.cases]
      .map((c, i) => ({ name: c.name, i }))
      .sort((a, b) => (kills.get(b.name) ?? 0) - (kills.get(a.name) ?? 0) || a.i - b.i)
      .map((c) => c.name);
    let casesRun = 0;
    for (let at = 0; at < order.length; at += BATCH) {
      const cases = order.slice(at, at + BATCH);
      host.prepare(Math.min(BATCH, order.length - at - BATCH));
      const report = await startGrading(host, lesson, files, {
        cases,
        timeoutMs: MUTANT_TIMEOUT_MS,
      }).result;
      casesRun += cases.length;
      const failed = report.cases.find((c) => c.status !== 'pass');
      if (failed) {
        kills.set(failed.name, (kills.get(failed.name) ?? 0) + 1);
        return {
          killedBy: { name: failed.name, kind: failed.kind, message: failed.message },
          casesRun,
        };
      }
    }
    return { casesRun };
  };
}
