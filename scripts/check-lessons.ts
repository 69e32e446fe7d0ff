/**
 * The lesson check: every lesson's data validates, its reference passes every case, its
 * starter fails every case with a diagnostic (not a grader crash), every rule its task states
 * is exercised by a case (rules.json), its recordings keep the course's conventions, it
 * names no model the installed SDK calls deprecated, and its tutor holds up
 * (scripts/check-tutor.ts).
 * Usage: npm run test:lessons [-- <lesson-id>...]
 */
import {
  describeDiffEntry,
  diffJson,
  startGrading,
  type CaseReport,
  type Cassette,
  type Lesson,
} from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';
import { readCatalogue } from './catalogue.ts';
import { checkCassettes } from './cassette-conventions.ts';
import { contradictedAdvice } from './check-advice.ts';
import { checkTutor } from './check-tutor.ts';
import { deprecatedModels, lessonModels } from './lesson-models.ts';
import { checkRules } from './lesson-rules.ts';
import { readRules, readRulesFile } from './read-rules.ts';
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
  const keeps = readRules(lesson.id)?.starterPasses ?? {};
  for (const c of starter.cases) {
    if (c.name in keeps) {
      check(
        c.status === 'pass',
        `${lesson.id} starter passes ${c.name}: ${keeps[c.name]}`,
        describe(c),
      );
      continue;
    }
    const diagnosed = c.status !== 'pass' && c.message.trim().length > 0;
    check(diagnosed, `${lesson.id} starter fails ${c.name} with a diagnostic`, describe(c));
  }
}

/** Every sentence of task.md states a rule that a case exercises and a mistake breaks, or none. */
function checkTaskRules(lesson: Lesson): void {
  const label = `${lesson.id} every task rule has a case (rules.json)`;
  const read = readRulesFile(lesson.id);
  if ('problem' in read) return check(false, label, read.problem);
  const wrong = readCatalogue(lesson.id)?.catalogue.wrong ?? [];
  const mistakes = new Map<string, string[]>();
  for (const entry of wrong)
    mistakes.set(entry.solution, [...(mistakes.get(entry.solution) ?? []), entry.case]);
  const cases = lesson.cases.map((c) => c.name);
  const caseFacts = new Map(
    lesson.cases.map((c) => [
      c.name,
      {
        stopReasons: c.cassette.calls.map((call) => call.response.stop_reason),
        streamErrors: streamErrorsOf(c.cassette),
        input: c.input,
      },
    ]),
  );
  const problems = checkRules(read.rules, { task: lesson.task, cases, mistakes, caseFacts });
  check(problems.length === 0, label, problems.join('\n'));
}

/** The error type of every attempt an `error` event cut off: the calls' retried ones, the failed request's. */
function streamErrorsOf(cassette: Cassette): string[] {
  const attempts = [
    ...cassette.calls.flatMap((call) => call.interrupted ?? []),
    ...(cassette.failed?.interrupted ?? []),
  ];
  return attempts.flatMap((attempt) => {
    const last = attempt.at(-1)?.event;
    return last?.type === 'error' ? [last.error.type] : [];
  });
}

const deprecated = await deprecatedModels();
for (const lesson of lessons) {
  await checkLesson(lesson);
  checkTaskRules(lesson);
  const old = [...lessonModels(lesson)].filter((model) => model in deprecated);
  check(
    old.length === 0,
    `${lesson.id} names no model the installed SDK calls deprecated`,
    old.map((model) => `${model} reaches end-of-life on ${deprecated[model]}`).join('\n'),
  );
  const failures = await checkTutor(lesson, host, check);
  const contradicted = contradictedAdvice(lesson, readRules(lesson.id), failures);
  check(
    contradicted.length === 0,
    `${lesson.id} no explanation's advice contradicts a rule of the lesson`,
    contradicted.join('\n'),
  );
}
const conventions = checkCassettes({ ...loaded.course, lessons });
check(
  conventions.length === 0,
  'the recordings keep the conventions of fixtures/README.md',
  conventions.join('\n'),
);
console.log(`\nlessons: ${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 && passed > 0 ? 0 : 1;
