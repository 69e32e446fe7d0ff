/**
 * The lesson check's tutor part: every anchor points at real code, every experiment does what
 * its author says, the hints hold back the solution, the chat answers the lesson's learner
 * questions (tutor-questions.ts) with what answers them, and every failure the course knows of
 * (the starter's, each experiment's, each catalogued mistake's) gets an explanation.
 */
import { existsSync, readFileSync } from 'node:fs';
import {
  applyExperimentEdit,
  explainFailure,
  findAnchor,
  startGrading,
  type CaseReport,
  type FileMap,
  type GradingHost,
  type Lesson,
  type Tutor,
} from '../core/index.ts';
import { FIXTURES_DIR } from '../cli/node-host.ts';
import { checkQuestions, type Check } from './tutor-questions.ts';

/** Words that belong to an experiment ("this experiment leaves it out on purpose"). */
const EXPERIMENT_WORDS = /\bexperiments?\b|\bon purpose\b/i;

const describe = (c: CaseReport) => `${c.name}: ${c.status} (${c.kind}) ${c.message}`;

/** A failure the course knows of, and where it comes from (`the starter`, `mistake "..."`). */
export interface KnownFailure {
  source: string;
  report: CaseReport;
}

/** Checks the lesson's tutor; returns the failures it was checked against. */
export async function checkTutor(
  lesson: Lesson,
  host: GradingHost,
  check: Check,
): Promise<KnownFailure[]> {
  const tutor = lesson.tutor;
  check(tutor !== undefined, `${lesson.id} has a tutor`);
  if (!tutor) return [];
  checkAnchors(lesson, tutor, check);
  checkHints(lesson, tutor, check);
  await checkQuestions(lesson, check);
  const experimentRuns = await checkExperiments(lesson, tutor, host, check);
  return checkFailures(lesson, tutor, host, experimentRuns, check);
}

/** Each anchor is in the starter or the reference. */
function checkAnchors(lesson: Lesson, tutor: Tutor, check: Check): void {
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
}

/**
 * Hints lead up to the solution without handing it over: the last one quotes a real line of
 * the reference (so it stays true when the reference changes), and together they quote at
 * most half of the lines the reference adds to the starter (or two, for a lesson of a few lines).
 */
function checkHints(lesson: Lesson, tutor: Tutor, check: Check): void {
  const added = referenceOnlyLines(lesson);
  const quoted = new Set(tutor.hints.flatMap((h) => codeLines(h.body)));
  const line = tutor.hints.find((h) => h.level === 'line');
  if (line) {
    const real = codeLines(line.body).filter((l) => referenceLines(lesson).has(l));
    check(
      real.length > 0,
      `${lesson.id} the key-line hint quotes a line of the reference`,
      codeLines(line.body).join('\n'),
    );
  }
  const given = [...added].filter((l) => quoted.has(l));
  check(
    given.length <= Math.max(2, added.size / 2),
    `${lesson.id} hints quote at most half of the reference's new lines, or two (${given.length} of ${added.size})`,
    given.join('\n'),
  );
}

/** Each experiment, applied to the reference, ends as its author says. */
async function checkExperiments(
  lesson: Lesson,
  tutor: Tutor,
  host: GradingHost,
  check: Check,
): Promise<Map<string, CaseReport>> {
  const runs = new Map<string, CaseReport>();
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
    if (graded) runs.set(experiment.id, graded);
  }
  return runs;
}

/**
 * "Explain this failure" has something to say about every failure the course knows of, and an
 * entry that opens an experiment explains that experiment's own failure.
 */
async function checkFailures(
  lesson: Lesson,
  tutor: Tutor,
  host: GradingHost,
  experimentRuns: Map<string, CaseReport>,
  check: Check,
): Promise<KnownFailure[]> {
  const caseNames = new Set(lesson.cases.map((c) => c.name));
  // The learner's own failure is told in words about their code and run; what an experiment
  // does is the experiment's to say, in its own section.
  const experimental = tutor.failures.flatMap((f, i) =>
    EXPERIMENT_WORDS.test(f.why) ? [`failures[${i}]: ${f.why}`] : [],
  );
  check(
    experimental.length === 0,
    `${lesson.id} every failure's why speaks of the learner's run, not of an experiment`,
    experimental.join('\n'),
  );
  tutor.failures.forEach((failure, i) => {
    const name = failure.when.case;
    if (name !== undefined) {
      check(
        caseNames.has(name),
        `${lesson.id} failures[${i}] names a case of the lesson (${name})`,
      );
    }
  });

  const known: KnownFailure[] = [];
  const starter = await startGrading(host, lesson, lesson.starter).result;
  for (const report of starter.cases) known.push({ source: 'the starter', report });
  for (const [id, report] of experimentRuns) known.push({ source: `experiment "${id}"`, report });
  for (const mistake of catalogue(lesson.id)) {
    const files: FileMap = { ...lesson.starter, [lesson.entry]: mistake.text };
    const one = { ...lesson, cases: lesson.cases.filter((c) => c.name === mistake.case) };
    const report = await startGrading(host, one, files, { timeoutMs: 4000 }).result;
    for (const c of report.cases)
      known.push({ source: `mistake "${mistake.solution}"`, report: c });
  }

  const reached = new Set<number>();
  for (const { source, report } of known) {
    if (report.status === 'pass') continue;
    const explained = explainFailure(tutor, report);
    if (explained) reached.add(explained.index);
    check(
      explained !== undefined,
      `${lesson.id} explains ${source} on ${report.name} (${report.kind})`,
      describe(report),
    );
  }

  for (const [id, report] of experimentRuns) {
    const opens = tutor.failures.some((f) => 'experiment' in f.opens && f.opens.experiment === id);
    if (!opens) continue;
    const explained = explainFailure(tutor, report);
    const target = explained && 'experiment' in explained.opens ? explained.opens.experiment : '';
    check(
      target === id,
      `${lesson.id} the failure of experiment "${id}" opens that experiment`,
      `it opens ${JSON.stringify(explained?.opens)} for: ${describe(report)}`,
    );
  }

  const unreached = tutor.failures
    .map((f, i) => ({ f, i }))
    .filter(({ f, i }) => (f.when.says || f.when.case) && !reached.has(i));
  if (unreached.length > 0) {
    console.log(
      `  note: ${lesson.id} failures ${unreached.map(({ i }) => i).join(', ')} are not reached by a known failure`,
    );
  }
  return known;
}

/** The lesson's catalogue of mistakes (fixtures/<lesson>/solutions/), with each file's text. */
function catalogue(lessonId: string): { solution: string; case: string; text: string }[] {
  const dir = `${FIXTURES_DIR}/${lessonId}/solutions`;
  if (!existsSync(`${dir}/solutions.json`)) return [];
  const json = JSON.parse(readFileSync(`${dir}/solutions.json`, 'utf8')) as {
    wrong?: { solution: string; case: string }[];
  };
  return (json.wrong ?? []).map((m) => ({
    ...m,
    text: readFileSync(`${dir}/${m.solution}.ts`, 'utf8'),
  }));
}

/** The lines of a hint's code, fenced or inline, trimmed. */
function codeLines(markdown: string): string[] {
  const fenced = [...markdown.matchAll(/```\w*\n([\s\S]*?)```/g)].flatMap((m) =>
    (m[1] ?? '').split('\n'),
  );
  const inline = [...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map(
    (m) => m[1] ?? '',
  );
  return [...fenced, ...inline].map((l) => l.trim()).filter((l) => l !== '');
}

function referenceLines(lesson: Lesson): Set<string> {
  return new Set(
    Object.values(lesson.reference).flatMap((text) => text.split('\n').map((l) => l.trim())),
  );
}

/** The reference's lines of code that the starter doesn't have (comments and braces aside). */
function referenceOnlyLines(lesson: Lesson): Set<string> {
  const out = new Set<string>();
  for (const [path, text] of Object.entries(lesson.reference)) {
    const starter = new Set((lesson.starter[path] ?? '').split('\n').map((l) => l.trim()));
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      const comment = /^(\/\/|\/\*|\*)/.test(line);
      if (line.length >= 4 && !comment && !starter.has(line)) out.add(line);
    }
  }
  return out;
}
