/**
 * Writes the course as a packed package ships it: loaded and checked from fixtures/, hidden
 * cases sealed (their expected outputs as digests, see core/grade/seal-course.ts), as one
 * JSON file that cli/load.ts reads where there is no fixtures/ (the package ships none).
 * npm runs it as `prepack`, and `--remove` as `postpack`.
 * Usage: tsx scripts/seal-course.ts [<out file>]   (default: course.sealed.json at the root)
 *        tsx scripts/seal-course.ts --remove       (after packing: leave the checkout clean)
 */
import { rmSync, writeFileSync } from 'node:fs';
import { loadPackagedCourse, SEALED_COURSE_FILE } from '../cli/load.ts';
import { readFixtureTaskIds } from '../cli/task-ids.ts';

const [arg] = process.argv.slice(2);
if (arg === '--remove') {
  rmSync(SEALED_COURSE_FILE, { force: true });
} else {
  const loaded = loadPackagedCourse();
  if ('error' in loaded) {
    console.error(loaded.error);
    process.exit(1);
  }
  const out = arg ?? SEALED_COURSE_FILE;
  // With each case's rule number, for results files' `task_id` (cli/task-ids.ts).
  const taskIds = readFixtureTaskIds();
  writeFileSync(out, `${JSON.stringify({ ...loaded.course, taskIds })}\n`);
  process.stderr.write(`sealed course written to ${out}\n`);
}
