import type { Course, Lesson } from '../../core/index.ts';
import { readCourseFile, writeCourseFile } from '../course-files.ts';
import { readCourseState, writeCourseState } from '../course-state.ts';
import { lineDiff } from '../line-diff.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';

/** What bringing a course directory to a stage did to one file. */
export type FileChange =
  | { path: string; change: 'unchanged' | 'added' | 'updated' | 'refreshed' }
  /** A read-only file the learner had edited: refreshed, their copy saved as `backup`. */
  | { path: string; change: 'refreshed'; backup: string }
  /** The learner's own version, kept; the stage's is at `stagePath` (unless that failed). */
  | { path: string; change: 'kept'; stagePath?: string; adds?: string }
  | { path: string; change: 'skipped'; reason: string };

/** `src/loop.ts` → `src/loop.stage.ts`: where a stage's version of a kept file is written. */
export function stagePathOf(path: string): string {
  return path.replace(/(\.[^./]+)?$/, (ext) => `.stage${ext}`);
}

/** Every version of `path` the course ships: a file equal to one of them is not the learner's. */
function shippedVersions(course: Course, path: string): Set<string> {
  const versions = new Set<string>();
  for (const lesson of course.lessons) {
    const starter = lesson.starter[path];
    const reference = lesson.reference[path];
    if (starter !== undefined) versions.add(starter);
    if (reference !== undefined) versions.add(reference);
  }
  return versions;
}

/**
 * Brings a course directory to `lesson`: adds the files it introduces, refreshes its read-only
 * files, and replaces a file only if the learner never changed it (it is one the course ships).
 * A file the learner changed is kept, the stage's version written beside it (`.stage.ts`).
 */
export function bringToStage(course: Course, lesson: Lesson, dir: string): FileChange[] {
  const previous = course.lessons[lesson.index - 1];
  return Object.entries(lesson.starter)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, text]): FileChange => {
      const current = readCourseFile(dir, path);
      if (current.kind === 'other') return { path, change: 'skipped', reason: current.reason };
      if (current.kind === 'file' && current.text === text) return { path, change: 'unchanged' };
      const write = (change: 'added' | 'updated' | 'refreshed'): FileChange => {
        const problem = writeCourseFile(dir, path, text);
        return problem ? { path, change: 'skipped', reason: problem } : { path, change };
      };
      if (current.kind === 'missing') return write('added');
      const ours = shippedVersions(course, path).has(current.text);
      if (lesson.readOnly.includes(path)) {
        if (ours) return write('refreshed');
        // Read-only, yet edited: the grader ignores the copy anyway; keep it as a backup.
        const backup = `${path}.bak`;
        const problem =
          writeCourseFile(dir, backup, current.text) ?? writeCourseFile(dir, path, text);
        return problem
          ? { path, change: 'skipped', reason: problem }
          : { path, change: 'refreshed', backup };
      }
      if (ours) return write('updated');
      return keep(course, path, text, previous, dir);
    });
}

function keep(
  course: Course,
  path: string,
  text: string,
  previous: Lesson | undefined,
  dir: string,
): FileChange {
  const stagePath = stagePathOf(path);
  const before = previous?.reference[path];
  const adds = before !== undefined && before !== text ? formatAdds(before, text) : undefined;
  const existing = readCourseFile(dir, stagePath);
  // A .stage.ts file is the course's; one the learner has made their own is left alone.
  const free =
    existing.kind === 'missing' ||
    (existing.kind === 'file' && shippedVersions(course, path).has(existing.text));
  const problem = free ? writeCourseFile(dir, stagePath, text) : 'changed by you';
  return problem
    ? { path, change: 'kept', ...(adds ? { adds } : {}) }
    : { path, change: 'kept', stagePath, ...(adds ? { adds } : {}) };
}

/** Lines of the diff shown per kept file; the rest is in the `.stage.ts` file. */
const MAX_DIFF_LINES = 60;

function formatAdds(before: string, after: string): string | undefined {
  const diff = lineDiff(before, after);
  if (!diff) return;
  const lines = diff.map(({ op, text }) => {
    const line = terminalLine(text);
    if (op === '+') return style.green(`+ ${line}`);
    if (op === '-') return style.red(`- ${line}`);
    if (op === '…') return style.dim('  …');
    return style.dim(`  ${line}`);
  });
  const more = lines.length - MAX_DIFF_LINES;
  return (
    more > 0 ? [...lines.slice(0, MAX_DIFF_LINES), style.dim(`  … ${more} more lines`)] : lines
  )
    .map((line) => `      ${line}`)
    .join('\n');
}

/** The lines that tell the learner what happened to their files. */
export function formatChanges(changes: FileChange[]): string {
  const out: string[] = [];
  for (const c of changes) {
    switch (c.change) {
      case 'added':
        out.push(`  ${style.green('added')}      ${c.path}`);
        break;
      case 'updated':
        out.push(
          `  ${style.green('updated')}    ${c.path} (it held the course's own version, not yours)`,
        );
        break;
      case 'refreshed':
        out.push(
          'backup' in c
            ? `  ${style.yellow('refreshed')}  ${c.path}: it is read-only (the grader uses the course's copy); your edited copy is saved as ${c.backup}`
            : `  ${style.green('refreshed')}  ${c.path} (read-only: this stage's version)`,
        );
        break;
      case 'unchanged':
        break;
      case 'kept': {
        const where = c.stagePath
          ? `this stage's version is in ${c.stagePath}`
          : `this stage's version could not be written beside it`;
        out.push(`  ${style.yellow('kept')}       ${c.path}, which you changed: ${where}.`);
        if (c.adds)
          out.push(`    What this stage changes in it, from the last stage's solution:`, c.adds);
        break;
      }
      case 'skipped':
        out.push(`  ${style.red('not written')} ${terminalLine(c.path)}: ${c.reason}`);
        break;
    }
  }
  return out.join('\n');
}

/** Prints the stage's heading: `Stage 2 of 10: The while loop`, and what it is about. */
export function formatStageHeading(lesson: Lesson, total: number): string {
  return `${style.bold(`Stage ${lesson.index + 1} of ${total}: ${lesson.title}`)} ${style.dim(`(${lesson.id}, ${lesson.minutes} min)`)}\n  ${lesson.summary}`;
}

/** `theinference stage <id>`: brings the directory to the stage and makes it the current one. */
export function stageCommand(
  course: Course,
  lesson: Lesson,
  dir: string,
  passedNow?: string[],
): number {
  const changes = bringToStage(course, lesson, dir);
  const ids = course.lessons.map((l) => l.id);
  const read = readCourseState(dir, ids);
  const known = passedNow ?? (read.ok ? read.state.passed : []);
  const passed = ids.filter((id) => known.includes(id));
  const problem = writeCourseState(dir, { stage: lesson.id, passed });
  process.stdout.write(`${formatStageHeading(lesson, course.lessons.length)}\n`);
  const listed = formatChanges(changes);
  if (listed) process.stdout.write(`\n${listed}\n`);
  if (problem) process.stderr.write(`theinference.json: ${problem}\n`);
  process.stdout.write(
    `\nNext: ${style.bold('theinference task')} to read what to build, ${style.bold('theinference test')} to grade it.\n`,
  );
  return problem || changes.some((c) => c.change === 'skipped') ? 1 : 0;
}
