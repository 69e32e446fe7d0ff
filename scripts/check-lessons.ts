/**
 * The lesson check: every lesson's data validates, its reference passes every case, and
 * its starter fails every case with a diagnostic (not a grader crash).
 * Usage: npm run test:lessons [-- <lesson-id>...]
 */
import {
  applyExperimentEdit,
  describeDiffEntry,
  diffJson,
  findAnchor,
  startGrading,
  type CaseReport,
  type Lesson,
} from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';
import { typecheckLesson } from './typecheck-lesson.ts';

const loaded = loadPackagedCourse(undefined, { sealed: false });
if ('error' in loaded) {
  console.error(loaded.error);
  process.exit(1);
}
const only = process.argv.slice(2);
const lessons = loaded.course.lessons.filter((l) => only.length === 0 || only.includes(l.id));
const host = createNodeHost();
let passed = 0;
let failed = 0;

function check(ok: boolean, label: string, detail = ''): void {
  if (ok) passed++;
  else failed++;
  console.log(
    `${ok ? '✓' : '✗'} ${label}${ok || !detail ? '' : `\n    ${detail.replace(/\n/g, '\n    ')}`}`,
  );
}

/** A case's verdict for the author: a hidden case's differences with the expected values too. */
function describe(c: CaseReport, lesson?: Lesson): string {
  const line = `${c.name}: ${c.status} (${c.kind}) ${c.message}`;
  const testCase = lesson?.cases.find((t) => t.name === c.name);
  if (c.kind !== 'diff' || !testCase || testCase.visible) return line;
  const entries = diffJson(testCase.expected, c.actual, 5).map(describeDiffEntry);
  return [line, ...entries.map((entry) => `  ${entry}`)].join('\n');
}

async function checkLesson(lesson: Lesson): Promise<void> {
  for (const [label, files] of [
    ['starter', lesson.starter],
    ['reference', lesson.reference],
  ] as const) {
    const errors = typecheckLesson(lesson, files);
    check(
      errors.length === 0,
      `${lesson.id} ${label} type-checks with the harness`,
      errors.join('\n'),
    );
  }
  const reference = await startGrading(host, lesson, lesson.reference).result;
  for (const c of reference.cases) {
    check(c.status === 'pass', `${lesson.id} reference passes ${c.name}`, describe(c, lesson));
  }
  const starter = await startGrading(host, lesson, lesson.starter).result;
  for (const c of starter.cases) {
    const diagnosed = c.status !== 'pass' && c.message.trim().length > 0;
    check(diagnosed, `${lesson.id} starter fails ${c.name} with a diagnostic`, describe(c));
  }
}

/** Each tutor anchor points at real code; each experiment does what its author says it does. */
async function checkTutor(lesson: Lesson): Promise<void> {
  const tutor = lesson.tutor;
  check(tutor !== undefined, `${lesson.id} has a tutor`);
  if (!tutor) return;
  const anchors = [...tutor.walkthrough, ...tutor.questions].flatMap((s) =>
    s.anchor ? [s.anchor] : [],
  );
  for (const anchor of anchors) {
    const found = [lesson.starter, lesson.reference].some((files) => {
      const text = files[anchor.file];
      return text !== undefined && findAnchor(text, anchor) !== undefined;
    });
    check(
      found,
      `${lesson.id} tutor anchor is in the code: ${JSON.stringify(anchor.match.slice(0, 40))}`,
    );
  }
  for (const experiment of tutor.experiments) {
    const label = `${lesson.id} experiment "${experiment.id}"`;
    const edited = applyExperimentEdit(
      lesson.reference[experiment.edit.file] ?? '',
      experiment.edit,
    );
    check(edited.ok, `${label} applies to the reference`, edited.ok ? '' : edited.reason);
    if (!edited.ok) continue;
    const files = { ...lesson.reference, [experiment.edit.file]: edited.text };
    const report = await startGrading(host, lesson, files).result;
    const graded = report.cases.find((c) => c.name === experiment.outcome.case);
    const { kind, says } = experiment.outcome;
    const happened = graded?.kind === kind && graded.message.includes(says);
    check(
      happened,
      `${label} ends as its author says (${kind})`,
      graded ? describe(graded) : 'no such case',
    );
  }
}

for (const lesson of lessons) {
  await checkLesson(lesson);
  await checkTutor(lesson);
}
console.log(`\nlessons: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
