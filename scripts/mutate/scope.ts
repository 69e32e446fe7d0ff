import { latestWith, type Course, type Lesson } from '../../core/index.ts';
import { lineDiff } from '../../core/workspace/line-diff.ts';

/** One file of a lesson's reference to mutate, and the lines of it the lesson wrote. */
export interface MutationTarget {
  path: string;
  source: string;
  /** 1-based lines that the lesson adds or changes: only these are mutated. */
  lines: ReadonlySet<number>;
}

/**
 * What a lesson's reference adds to the codebase: each file of its `reference/` (the files
 * that differ from its starter, read-only ones aside), and in each, the lines that differ from
 * the reference of the latest earlier lesson with that file (the one a learner's code carries
 * from: part one's `src/loop.ts` skips the SDK lessons). Code carried over unchanged was
 * measured by the lesson that wrote it; a file new to the course is the lesson's own from its
 * first line to its last.
 */
export function mutationTargets(course: Course, lesson: Lesson): MutationTarget[] {
  const targets: MutationTarget[] = [];
  for (const [path, source] of Object.entries(lesson.reference)) {
    if (lesson.readOnly.includes(path) || lesson.starter[path] === source) continue;
    const before = latestWith(course.lessons, lesson, path)?.reference[path];
    targets.push({ path, source, lines: changedLines(before, source) });
  }
  return targets;
}

/** The 1-based lines of `after` that are not in `before` (all of them when there is none). */
function changedLines(before: string | undefined, after: string): Set<number> {
  const lines = new Set<number>();
  const count = after.split('\n').length;
  if (before === undefined) {
    for (let line = 1; line <= count; line++) lines.add(line);
    return lines;
  }
  const diff = lineDiff(before, after, count) ?? [];
  let line = 0;
  for (const { op } of diff) {
    if (op === '-') continue;
    line++;
    if (op === '+') lines.add(line);
  }
  return lines;
}
