import { resolve } from 'node:path';
import { readCourseFile, writeCourseFile } from '../course-files.ts';
import { packageVersion } from '../package-root.ts';
import { style } from '../style.ts';
import { terminalLine } from '../terminal-text.ts';
import { WORKFLOW_FILE, workflowText } from '../workflow.ts';

/**
 * `theinference ci`: adds the grading workflow to a course directory. A workflow already there
 * that differs is kept and named, unless `force` says to replace it.
 */
export function addWorkflow(dir: string, force: boolean): number {
  const root = resolve(dir);
  const text = workflowText(packageVersion());
  const existing = readCourseFile(root, WORKFLOW_FILE);
  if (existing.kind === 'file' && existing.text === text) {
    process.stdout.write(`${WORKFLOW_FILE} is already this version's workflow.\n`);
    return 0;
  }
  if (existing.kind === 'other') {
    process.stderr.write(
      `${style.red('not written')} ${WORKFLOW_FILE}: it is ${existing.reason}.\n`,
    );
    return 1;
  }
  if (existing.kind === 'file' && !force) {
    process.stderr.write(
      `Kept your ${WORKFLOW_FILE}: it differs from the workflow theinference writes. Run ${style.bold('theinference ci --force')} to replace it.\n`,
    );
    return 1;
  }
  const problem = writeCourseFile(root, WORKFLOW_FILE, text);
  if (problem) {
    process.stderr.write(`${style.red('not written')} ${WORKFLOW_FILE}: ${problem}\n`);
    return 1;
  }
  const verb = existing.kind === 'file' ? 'Replaced' : 'Wrote';
  process.stdout.write(
    `${verb} ${terminalLine(WORKFLOW_FILE)}: every push and pull request is graded on GitHub Actions.\n`,
  );
  return 0;
}
