/**
 * Writes a case's requests and expected output as the lesson's reference makes them, so that
 * an author writes only the model's side of a new cassette.
 *
 *   npx tsx scripts/record-case.ts <lesson> <case>
 *
 * The case's `cassette.json` holds the responses, in order, as the model would give them;
 * each `request` may be `{}` or out of date, and an id that is not yet shaped as the API's
 * (`msg_new`, `toolu_new`) gets a fresh one. The reference runs against them, each request
 * it sends is written into the cassette, and what it prints becomes `expected.json`. A
 * count left at 0 in a response's `usage` gets an estimate in line with the course's
 * recordings: set it by hand where a lesson counts tokens.
 */
import type { Lesson } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';
import { recordCase } from './recording.ts';

const [lessonId, caseName] = process.argv.slice(2);
if (!lessonId || !caseName) {
  console.error('usage: npx tsx scripts/record-case.ts <lesson> <case>');
  process.exit(2);
}
const loaded = loadPackagedCourse(lessonId, { sealed: false });
if ('error' in loaded) {
  console.error(loaded.error);
  process.exit(1);
}
const lesson = loaded.course.lessons[0] as Lesson;
const testCase = lesson.cases.find((c) => c.name === caseName);
if (!testCase) {
  console.error(`${lessonId} has no case ${caseName}`);
  process.exit(1);
}
const recorded = await recordCase(createNodeHost(), lesson, testCase);
if (!recorded.ok) {
  console.error(recorded.error);
  process.exit(1);
}
console.log(`${lessonId}/${caseName}: ${recorded.calls} calls recorded, expected.json written`);
process.exit(0);
