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
import { randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGrading, type Lesson, type LessonCase } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost, FIXTURES_DIR } from '../cli/node-host.ts';
import { estimateInputTokens, estimateOutputTokens } from './token-estimate.ts';

const [lessonId, caseName] = process.argv.slice(2);
if (!lessonId || !caseName) {
  console.error('usage: npx tsx scripts/record-case.ts <lesson> <case>');
  process.exit(2);
}
const loaded = loadPackagedCourse(lessonId);
if ('error' in loaded) {
  console.error(loaded.error);
  process.exit(1);
}
const lesson = loaded.course.lessons[0] as Lesson;
const original = lesson.cases.find((c) => c.name === caseName);
if (!original) {
  console.error(`${lessonId} has no case ${caseName}`);
  process.exit(1);
}
const dir = join(FIXTURES_DIR, lessonId, 'cases', caseName);
const calls = original.cassette.calls;
/** Which counts the author left at 0, for an estimate. */
const estimate = calls.map(({ response: { usage } }) => ({
  input: usage.input_tokens === 0,
  output: usage.output_tokens === 0,
}));
const host = createNodeHost();

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A fresh id as the API shapes them: the prefix, `01`, then 22 letters and digits. */
const freshId = (prefix: string) =>
  `${prefix}_01${Array.from({ length: 22 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
for (const { response } of calls) {
  if (!/^msg_01[A-Za-z0-9]{22}$/.test(response.id)) response.id = freshId('msg');
  for (const block of response.content) {
    if (block.type === 'tool_use' && !/^toolu_01[A-Za-z0-9]{22}$/.test(block.id)) {
      block.id = freshId('toolu');
    }
  }
}

/** Grades the reference against the cassette as recorded so far, the case made visible. */
async function gradeReference() {
  const testCase: LessonCase = { ...original!, visible: true, expected: null, cassette: { calls } };
  const only: Lesson = { ...lesson, cases: [testCase] };
  const report = await startGrading(host, only, lesson.reference).result;
  return report.cases[0]!;
}

for (let round = 0; round <= calls.length + 1; round++) {
  const report = await gradeReference();
  const refused = report.turns.find((turn) => turn.rejection);
  if (!refused) {
    if (report.kind !== 'diff' && report.kind !== 'pass') {
      console.error(`The reference does not finish against these responses: ${report.message}`);
      process.exit(1);
    }
    // Estimated counts change what a harness that prints usage prints: grade once more.
    if (estimate.some((e) => e.input || e.output)) {
      for (const [i, { request, response }] of calls.entries()) {
        const previous = calls[i - 1]?.response.usage.input_tokens ?? 0;
        if (estimate[i]?.input) {
          response.usage.input_tokens = Math.max(previous + 1, estimateInputTokens(request));
        }
        if (estimate[i]?.output) {
          response.usage.output_tokens = estimateOutputTokens(response.content);
        }
      }
      estimate.fill({ input: false, output: false });
      continue;
    }
    writeFileSync(join(dir, 'cassette.json'), `${JSON.stringify({ calls }, null, 2)}\n`);
    writeFileSync(join(dir, 'expected.json'), `${JSON.stringify(report.actual, null, 2)}\n`);
    console.log(`${lessonId}/${caseName}: ${calls.length} calls recorded, expected.json written`);
    process.exit(0);
  }
  const rejection = refused.rejection!;
  const at = refused.index - 1;
  if (rejection.kind !== 'divergence' || !calls[at]) {
    console.error(`Request #${refused.index} was refused: ${rejection.body.error.message}`);
    process.exit(1);
  }
  calls[at].request = refused.request.raw as Record<string, unknown>;
}
console.error('The requests did not settle: is the reference deterministic?');
process.exit(1);
