import { resolve } from 'node:path';
import type { Course } from '../../core/index.ts';
import { readCourseFile, writeCourseFile } from '../course-files.ts';
import { STATE_FILE, writeCourseState } from '../course-state.ts';
import { packageVersion } from '../package-root.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';
import { WORKFLOW_FILE, workflowText } from '../workflow.ts';

const readme = (course: Course) => `# ${course.title}

Your course directory for theinference. Each stage adds a piece to the code in \`src/\`; the
directory remembers which stage you are on (in \`${STATE_FILE}\`).

    theinference task         # read the current stage's lesson and task
    theinference test         # grade the current stage, and every earlier one
    theinference test --watch # grade again on every save
    theinference next         # move on, once the current stage passes
    theinference lessons      # the stages, yours marked

Pushed to GitHub, the course is graded on every push and pull request
(\`${WORKFLOW_FILE}\`): the run's page shows a table of the stages and cases.

\`src/types.ts\` is read-only: the grader always uses the course's own copy. When a stage
brings a new version of a file you have changed, your code carries into it: your functions
and types stay as you wrote them, and the stage's new ones are added. Where you and the stage
both changed one, yours is kept and the stage's version of the file is written beside it
(\`src/loop.stage.ts\`).
`;

/** Makes a course directory at the first stage; never overwrites a file. */
export function initCourseDir(course: Course, dir: string): number {
  const first = course.lessons[0];
  if (!first) return 2;
  const root = resolve(dir);
  const files: Record<string, string> = {
    ...first.starter,
    'README.md': readme(course),
    [WORKFLOW_FILE]: workflowText(packageVersion()),
  };
  const kept: string[] = [];
  const problems: string[] = [];
  for (const [path, text] of Object.entries(files)) {
    if (readCourseFile(root, path).kind !== 'missing') {
      kept.push(path);
      continue;
    }
    const problem = writeCourseFile(root, path, text);
    if (problem) problems.push(`${path}: ${problem}`);
  }
  const hasState = readCourseFile(root, STATE_FILE).kind !== 'missing';
  if (!hasState) {
    const problem = writeCourseState(root, { stage: first.id, passed: [] });
    if (problem) problems.push(`${STATE_FILE}: ${problem}`);
  }
  for (const problem of problems) process.stderr.write(`${style.red('not written')} ${problem}\n`);
  if (problems.length > 0) return 1;
  process.stdout.write(`Course directory ready: ${terminalLine(root)}\n`);
  if (kept.length > 0) process.stdout.write(`Kept your existing ${kept.join(', ')}\n`);
  if (hasState) process.stdout.write(`Kept your ${STATE_FILE}: your stage is unchanged.\n`);
  const cd = dir === '.' ? '' : `cd ${quoteForShell(dir)} && `;
  process.stdout.write(
    `Next: ${style.bold(`${cd}theinference task`)} to read stage 1, then ${style.bold('theinference test')} to grade it.\n`,
  );
  return 0;
}

/** A path as a POSIX shell reads it back: as it is when it is plain, else in single quotes. */
function quoteForShell(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${terminalLine(path).replace(/'/g, `'\\''`)}'`;
}
