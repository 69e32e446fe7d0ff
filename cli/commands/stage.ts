import {
  carriedFiles,
  carryForward,
  latestWith,
  lineDiff,
  missingExports,
  type CarryClash,
  type Course,
  type FileMap,
  type Lesson,
  type LessonReport,
} from '../../core/index.ts';
import { readCourseFile, writeCourseFile } from '../course-files.ts';
import { readCourseState, writeCourseState } from '../course-state.ts';
import { formatSummaryLine } from '../print-report.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';

/** What bringing a course directory to a stage did to one file. */
export type FileChange =
  | { path: string; change: 'unchanged' | 'added' | 'updated' | 'refreshed' }
  /** A read-only file the learner had edited: refreshed, their copy saved as `backup`. */
  | { path: string; change: 'refreshed'; backup: string }
  /** The learner's own version, kept; the stage's is at `stagePath` (unless that failed). */
  | { path: string; change: 'kept'; stagePath?: string; adds?: string; problem?: string }
  /**
   * The learner's code carried into the stage: their declarations `kept`, the stage's `taken`;
   * for each clash theirs is kept, and the stage's version of the file is at `stagePath`.
   */
  | {
      path: string;
      change: 'carried';
      kept: string[];
      taken: string[];
      clashes: CarryClash[];
      stagePath?: string;
    }
  | { path: string; change: 'skipped'; reason: string };

/** `src/loop.ts` → `src/loop.stage.ts`: where a stage's version of a kept file is written. */
function stagePathOf(path: string): string {
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
 * A file the learner changed carries into this stage when the directory was at an earlier
 * stage, `from` (the same merge as the playground's, per declaration, from the latest stage up
 * to `from` that had the file: part one's `src/loop.ts` skips the SDK stages): theirs kept,
 * the stage's new code added, and where both changed a declaration, theirs kept and the
 * stage's version of the file beside it (`.stage.ts`). Any other file the learner changed is
 * kept, with the stage's beside it.
 */
function bringToStage(course: Course, lesson: Lesson, dir: string, from?: Lesson): FileChange[] {
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
      if (from && from.index < lesson.index) {
        const carried = carry(course, lesson, from, path, current.text, dir);
        if (carried) return carried;
      }
      return keep(course, path, text, latestWith(course.lessons, lesson, path), dir);
    });
}

/**
 * The learner's file, as the directory held it at stage `from`, carried into `lesson`, written;
 * undefined when it cannot be carried as declarations (then it is kept as it is). Clashes keep
 * the learner's version.
 */
function carry(
  course: Course,
  lesson: Lesson,
  from: Lesson,
  path: string,
  text: string,
  dir: string,
): FileChange | undefined {
  // On disk, the file is what the learner had at `from`, and at each stage before it back to
  // the last one that changed it: the latest stage up to `from` with the file is the base.
  const onDisk = (stage: Lesson) => (stage.index <= from.index ? { [path]: text } : undefined);
  const plan = carryForward(course.lessons, lesson, onDisk);
  if (plan.kind === 'none') return;
  const clashes = plan.clashes.filter((c) => c.path === path);
  const whole = clashes.find((c) => c.reason.kind === 'whole-file');
  if (whole?.reason.kind === 'whole-file') {
    return {
      ...keep(course, path, lesson.starter[path] ?? '', undefined, dir),
      problem: whole.reason.problem,
    };
  }
  const mine = Object.fromEntries(clashes.map((c) => [c.id, 'mine' as const]));
  const out = carriedFiles(lesson, plan, mine);
  const problem = writeCourseFile(dir, path, out.files[path] ?? text);
  if (problem) return { path, change: 'skipped', reason: problem };
  const change: FileChange = { path, change: 'carried', kept: out.kept, taken: out.taken, clashes };
  if (clashes.length === 0) return change;
  const kept = keep(course, path, lesson.starter[path] ?? '', undefined, dir);
  return kept.change === 'kept' && kept.stagePath
    ? { ...change, stagePath: kept.stagePath }
    : change;
}

/**
 * Keeps the learner's file and writes the stage's `text` beside it; `earlier`, the last stage
 * before with the file, is what the diff of what this stage changes starts from.
 */
function keep(
  course: Course,
  path: string,
  text: string,
  earlier: Lesson | undefined,
  dir: string,
): Extract<FileChange, { change: 'kept' }> {
  const stagePath = stagePathOf(path);
  const before = earlier?.reference[path];
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
function formatChanges(changes: FileChange[]): string {
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
      case 'carried': {
        const parts = [
          c.kept.length > 0 ? `your ${listed(c.kept)}` : 'your code',
          c.taken.length > 0 ? `with this stage's ${listed(c.taken)}` : '',
        ];
        out.push(`  ${style.green('carried')}    ${c.path}: ${parts.filter(Boolean).join(', ')}.`);
        const where = c.stagePath
          ? `this stage's is in ${c.stagePath}`
          : `this stage's could not be written beside it`;
        for (const clash of c.clashes) out.push(...formatClash(clash, where));
        break;
      }
      case 'kept': {
        const where = c.stagePath
          ? `this stage's version is in ${c.stagePath}`
          : `this stage's version could not be written beside it`;
        const why = c.problem
          ? `: it could not be carried into this stage (${c.problem.replace(/^ours: /, '')}), so ${where}.`
          : `: ${where}.`;
        out.push(`  ${style.yellow('kept')}       ${c.path}, which you changed${why}`);
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

/** Names past this many are counted, not listed. */
const MAX_NAMES = 4;

/** `a`, `a and b`, `a, b and c`, `a, b, c, d and 3 more`. */
function listed(names: readonly string[]): string {
  const shown = names.slice(0, names.length > MAX_NAMES ? MAX_NAMES : undefined).map(terminalLine);
  if (names.length > MAX_NAMES) shown.push(`${names.length - MAX_NAMES} more`);
  return shown.length < 2
    ? (shown[0] ?? '')
    : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1) as string}`;
}

/** A clash the learner settles by hand: theirs is kept, and what the stage changes is shown. */
function formatClash(clash: CarryClash, where: string): string[] {
  const name = terminalLine(clash.name);
  if (clash.reason.kind === 'stands-in') {
    const gone = terminalLine(clash.reason.for);
    const diff = formatAdds(clash.reason.was, clash.reason.now);
    return [
      `    ${style.yellow(name)}: this stage changes ${gone}, which your code does without, so the change goes in your ${name}. Yours is kept; ${where}.`,
      ...(diff ? [`    What this stage changes in ${gone}:`, diff] : []),
    ];
  }
  const diff = clash.base === undefined ? undefined : formatAdds(clash.base, clash.course);
  return [
    `    ${style.yellow(name)}: you changed it, and so does this stage. Yours is kept; ${where}.`,
    ...(diff ? [`    What this stage changes in it:`, diff] : []),
  ];
}

/**
 * A stage whose tests cannot run because the learner's file does not export what they call: one
 * line that says so and what to do, in place of the bundler's error for each import and case.
 * Undefined when nothing is missing (the report says what else went wrong).
 */
export function formatMissingExports(
  lesson: Lesson,
  files: FileMap,
  report: LessonReport,
  current: boolean,
): string | undefined {
  const missing = missingExports(report.compileErrors);
  if (missing.length === 0) return;
  const lines = missing.map(({ path, names }) => {
    const what = `${terminalLine(path)} does not export ${listed(names)}`;
    if (!current) {
      return `${what}, which ${lesson.id}'s tests call: that stage's code is still part of the course (${style.bold(`theinference task --stage ${lesson.id}`)}).`;
    }
    const stagePath = stagePathOf(path);
    if (files[stagePath] === lesson.starter[path]) {
      return `${what}, which this stage's tests call. Your file was kept as you wrote it; this stage's version is in ${stagePath}: copy ${listed(names)} (and what it uses) from there.`;
    }
    return `${what}, which this stage's tests call. ${style.bold(`theinference stage ${lesson.id}`)} writes this stage's version beside it, in ${stagePath}, to copy from.`;
  });
  const heading = `${style.bold(lesson.id)} ${style.dim(`· ${lesson.title}`)}`;
  return [
    heading,
    ...lines.map((line) => `  ${style.red('!')} ${line}`),
    formatSummaryLine(report),
  ].join('\n');
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
  const ids = course.lessons.map((l) => l.id);
  const read = readCourseState(dir, ids);
  const from = read.ok ? course.lessons.find((l) => l.id === read.state.stage) : undefined;
  const changes = bringToStage(course, lesson, dir, from);
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
