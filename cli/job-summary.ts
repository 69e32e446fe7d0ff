import type { Course } from '../core/index.ts';
import type { ExercismResults, ExercismTest } from './exercism-results.ts';

/**
 * The grade as GitHub Actions shows it on a run's page (`$GITHUB_STEP_SUMMARY`, GitHub-flavoured
 * markdown): a table of the stages, a table of each stage's cases, and each failing case's
 * diagnostic. Learner text (messages, output) only ever appears escaped in a table cell or
 * inside a code fence longer than any run of backticks it holds, so it renders as text.
 */
export interface SummaryStage {
  id: string;
  /** false: an earlier stage the current stage's own solution fails too. */
  applies: boolean;
  status: 'pass' | 'fail';
  /** The stage's case names, in order. */
  cases: string[];
  tests: ExercismTest[];
}

const MARK = { pass: '✅ pass', fail: '❌ fail', error: '⚠️ error' } as const;

/** Text for one table cell: no line breaks, no pipes, no HTML. */
function cell(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

/** `text` in a fenced block that nothing in it can close. */
function fenced(text: string): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

/** The stages graded, each with its tests as the results file has them. */
export function summaryStages(
  results: ExercismResults,
  graded: { id: string; applies: boolean; status: 'pass' | 'fail'; cases: string[] }[],
): SummaryStage[] {
  let next = 0;
  return graded.map((stage) => {
    if (!stage.applies) return { ...stage, tests: [] };
    const tests = results.tests.slice(next, next + stage.cases.length);
    next += stage.cases.length;
    return { ...stage, tests };
  });
}

export function formatJobSummary(
  course: Course,
  results: ExercismResults,
  stages: SummaryStage[],
): string {
  const title = (id: string) => course.lessons.find((l) => l.id === id)?.title ?? id;
  const passed = (s: SummaryStage) => s.tests.filter((t) => t.status === 'pass').length;
  const out: string[] = [`## theinference: ${MARK[results.status]}`, ''];
  if (results.message) out.push('The tests did not run:', '', fenced(results.message), '');
  out.push('| Stage | Result | Cases passed |', '| --- | --- | --- |');
  for (const s of stages) {
    const result = s.applies ? MARK[s.status] : '➖ no longer applies';
    const count = s.applies ? `${passed(s)}/${s.tests.length}` : '';
    out.push(`| ${cell(`${s.id} · ${title(s.id)}`)} | ${result} | ${count} |`);
  }
  for (const s of stages.filter((stage) => stage.applies)) {
    out.push(
      '',
      `### ${cell(s.id)}`,
      '',
      '| Case | Result | What it checks |',
      '| --- | --- | --- |',
    );
    s.tests.forEach((t, i) =>
      out.push(`| ${cell(s.cases[i] ?? t.name)} | ${MARK[t.status]} | ${cell(t.test_code)} |`),
    );
    for (const t of s.tests.filter((test) => test.status !== 'pass')) {
      out.push('', `<details><summary>${cell(t.name)}</summary>`, '', fenced(t.message ?? ''));
      if (t.output) out.push('', 'Your code logged:', '', fenced(t.output));
      out.push('', '</details>');
    }
  }
  return `${out.join('\n')}\n`;
}
