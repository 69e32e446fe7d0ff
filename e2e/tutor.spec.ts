import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { findAnchor, type Tutor } from '../core/index.ts';
import {
  caseRow,
  editorReady,
  getFile,
  lf,
  openLesson,
  runAndWait,
  setFile,
  verdict,
} from './app.ts';

/** The tutor as the learner meets it: walkthrough, break it on purpose, questions. */

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const read = (...path: string[]) => readFileSync(join(fixtures, ...path), 'utf8');
const LESSON = 'the-while-loop';
const FILE = 'src/loop.ts';
const tutor = JSON.parse(read(LESSON, 'tutor.json')) as Tutor;
const reference = read(LESSON, 'reference', FILE);
const starter = read(LESSON, 'starter', FILE);

/** The lines of an anchor in a text, as the editor numbers them. */
function linesOf(text: string, match: string): string[] {
  const range = findAnchor(text, { match });
  if (!range) throw new Error(`anchor not in the text: ${match}`);
  const lines: string[] = [];
  for (let n = range.startLine; n <= range.endLine; n++) lines.push(String(n));
  return lines;
}

/** The line numbers the editor shows with the tutor's highlight in the gutter. */
function highlightedLineNumbers(page: Page) {
  return page
    .getByRole('tabpanel')
    .locator('.margin-view-overlays > div:has(.anchor-gutter) .line-numbers');
}

async function openTutor(page: Page, section: 'Walkthrough' | 'Hints' | 'Break it' | 'Questions') {
  await page.getByRole('tab', { name: 'Tutor', exact: true }).click();
  await page.getByRole('tab', { name: section }).click();
}

const tutorPanel = (page: Page) => page.getByRole('region', { name: 'Tutor' });

test('the walkthrough highlights the lines each step explains', async ({ page }) => {
  await openLesson(page, LESSON);
  await setFile(page, FILE, reference);
  await openTutor(page, 'Walkthrough');

  for (const [i, step] of tutor.walkthrough.entries()) {
    const panel = tutorPanel(page);
    await expect(panel.getByRole('heading', { name: step.title })).toBeVisible();
    await expect(panel.getByText(`Step ${i + 1} of ${tutor.walkthrough.length}`)).toBeVisible();
    const lines = linesOf(reference, step.anchor!.match);
    // On screen: the gutter bar sits on exactly the anchored lines.
    await expect(highlightedLineNumbers(page)).toHaveText(lines);
    // In the model: one decoration over the same lines.
    expect(await page.evaluate((f) => window.__theinference?.highlights(f), FILE)).toEqual([
      { startLine: Number(lines[0]), endLine: Number(lines.at(-1)) },
    ]);
    if (i < tutor.walkthrough.length - 1) {
      await panel.getByRole('button', { name: 'Next step' }).click();
    }
  }
  await expect(tutorPanel(page).getByRole('button', { name: 'Next step' })).toBeDisabled();

  // Back on the lesson text, the editor points at nothing.
  await page.getByRole('tab', { name: 'Lesson', exact: true }).click();
  await expect(highlightedLineNumbers(page)).toHaveCount(0);
});

test('a highlight follows the learner’s edits above it', async ({ page }) => {
  await openLesson(page, LESSON);
  await setFile(page, FILE, reference);
  await openTutor(page, 'Walkthrough');
  const lines = linesOf(reference, tutor.walkthrough[0]!.anchor!.match);
  await expect(highlightedLineNumbers(page)).toHaveText(lines);

  await setFile(page, FILE, `// one\n// two\n${reference}`);
  const moved = lines.map((n) => String(Number(n) + 2));
  await expect(highlightedLineNumbers(page)).toHaveText(moved);
});

test('no answers before an attempt: the tutor explains in words until the learner has run', async ({
  page,
}) => {
  await openLesson(page, LESSON);
  const panel = tutorPanel(page);
  const step = tutor.walkthrough[0]!;
  expect(findAnchor(starter, step.anchor!)).toBeUndefined();

  // The untouched starter: the walkthrough says what is missing, and shows none of it.
  await openTutor(page, 'Walkthrough');
  await expect(panel.getByText('Not in your code yet.')).toBeVisible();
  await expect(
    panel.getByRole('button', { name: 'Show it in the reference solution' }),
  ).toHaveCount(0);
  // Break it waits for the learner's own code: no change shown, nothing to run.
  await openTutor(page, 'Break it');
  for (const experiment of tutor.experiments) {
    await panel.getByRole('combobox', { name: 'Experiment' }).selectOption(experiment.id);
    await expect(panel.getByText(/Experiments break working code on purpose/)).toBeVisible();
    await expect(panel.getByRole('figure')).toHaveCount(0);
    await expect(
      panel.getByRole('button', { name: /Apply and run|reference solution/ }),
    ).toHaveCount(0);
  }
  // Not one line the reference adds to the starter is on the tutor's screen.
  const added = reference.split('\n').filter((l) => l.trim().length > 8 && !starter.includes(l));
  const shown = (await panel.innerText()).split('\n');
  expect(added.filter((line) => shown.some((s) => s.includes(line.trim())))).toEqual([]);

  // A failed run is an attempt, not a pass: the experiments now explain what they need.
  expect(await runAndWait(page)).toMatch(/^Failed/);
  const experiment = tutor.experiments[0]!;
  await panel.getByRole('combobox', { name: 'Experiment' }).selectOption(experiment.id);
  await expect(panel.getByText(/doesn't have the code this changes/)).toBeVisible();
  await expect(
    panel.getByText(/opens once you pass this lesson or choose Show solution/),
  ).toBeVisible();
  await expect(panel.getByRole('button', { name: /reference solution/ })).toHaveCount(0);
  await openTutor(page, 'Walkthrough');
  await expect(
    panel.getByRole('button', { name: 'Show it in the reference solution' }),
  ).toHaveCount(0);

  // Asking for the solution explicitly opens the reference to the tutor too.
  await page.getByRole('button', { name: 'Show solution' }).click();
  await page.getByRole('button', { name: 'Hide solution' }).click();
  await panel.getByRole('button', { name: 'Show it in the reference solution' }).click();
  await expect(page.getByRole('button', { name: 'Hide solution' })).toBeVisible();
  const lines = linesOf(reference, step.anchor!.match);
  await expect
    .poll(() => page.evaluate((f) => window.__theinference?.highlights(f, 'reference'), FILE))
    .toEqual([{ startLine: Number(lines[0]), endLine: Number(lines.at(-1)) }]);
  // The learner's own file was not touched.
  expect(lf(await getFile(page, FILE))).toBe(starter);
});

test('break it: predict, apply and run, compare, and restore the exact code', async ({ page }) => {
  const experiment = tutor.experiments[0]!;
  const right = experiment.predictions.find((p) => p.id === experiment.correct)!;
  const mine = `${reference}\n// my own note, which must survive the experiment\n`;
  await openLesson(page, LESSON);
  await setFile(page, FILE, mine);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await openTutor(page, 'Break it');

  const panel = tutorPanel(page);
  await expect(panel.getByRole('heading', { name: experiment.title })).toBeVisible();
  // The code the change touches is pointed at before anything happens.
  await expect(highlightedLineNumbers(page)).toHaveText(linesOf(mine, experiment.edit.find));
  const apply = panel.getByRole('button', { name: 'Apply and run' });
  // A prediction comes first.
  await expect(apply).toBeDisabled();
  await panel.getByRole('radio', { name: right.label }).check();
  await apply.click();

  await expect(verdict(page)).toHaveText(/^Failed/);
  const says = experiment.outcome.says;
  await expect(caseRow(page, experiment.outcome.case)).toHaveAttribute('data-kind', 'api');
  await expect(caseRow(page, experiment.outcome.case)).toContainText('would get 400');
  await expect(
    panel.getByRole('heading', { name: `You predicted “${right.label}” — here is what happened` }),
  ).toBeVisible();
  await expect(panel.getByText('Your prediction was right.')).toBeVisible();
  await expect(panel.locator('blockquote')).toContainText(says);
  expect(lf(await getFile(page, FILE))).toBe(mine.replace(experiment.edit.find, ''));

  // The way back survives a reload: the code from before is saved with the drafts.
  await page.reload();
  await editorReady(page, LESSON);
  const restore = page.getByRole('button', { name: 'Restore my code' });
  await restore.click();
  expect(lf(await getFile(page, FILE))).toBe(mine);

  // Restoring is undoable, and undoing keeps the way back.
  await page.getByRole('button', { name: 'Undo restore' }).click();
  expect(lf(await getFile(page, FILE))).toBe(mine.replace(experiment.edit.find, ''));
  await restore.click();
  expect(lf(await getFile(page, FILE))).toBe(mine);
  await expect(restore).toHaveCount(0);
});

test('break it on the reference, once the learner has asked for the solution', async ({ page }) => {
  const experiment = tutor.experiments[1]!;
  const wrong = experiment.predictions.find((p) => p.id !== experiment.correct)!;
  const correct = experiment.predictions.find((p) => p.id === experiment.correct)!;
  await openLesson(page, LESSON);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await page.getByRole('button', { name: 'Show solution' }).click();
  await page.getByRole('button', { name: 'Hide solution' }).click();
  await openTutor(page, 'Break it');
  const panel = tutorPanel(page);
  await panel.getByRole('combobox', { name: 'Experiment' }).selectOption(experiment.id);
  await expect(panel.getByRole('button', { name: 'Apply and run' })).toHaveCount(0);
  await expect(panel.getByText(/doesn't have the code this changes/)).toBeVisible();

  await panel.getByRole('radio', { name: wrong.label }).check();
  await panel.getByRole('button', { name: 'Run it on the reference solution' }).click();

  await expect(verdict(page)).toHaveText(/^Failed/);
  await expect(caseRow(page, experiment.outcome.case)).toContainText('would get 400');
  await expect(page.getByText(/This run graded the reference solution/)).toBeVisible();
  await expect(panel.getByText(`Not this time. What happens: “${correct.label}”`)).toBeVisible();
  await expect(panel.locator('blockquote')).toContainText(experiment.outcome.says);
  // Nothing of the learner's changed, and there is nothing to restore.
  expect(lf(await getFile(page, FILE))).toBe(starter);
  await expect(page.getByRole('button', { name: 'Restore my code' })).toHaveCount(0);
  // Nor does the tutor's run of the reference count as an attempt of the learner's.
  const saved = await page.evaluate(() => localStorage.getItem('theinference:state'));
  const progress = (JSON.parse(saved ?? '{}') as { state?: { progress?: Record<string, unknown> } })
    .state?.progress?.[LESSON] as { attempts?: number; passed?: boolean } | undefined;
  expect(progress).toMatchObject({ passed: false, attempts: 1, solutionSeen: true });
});

test('a question shows its answer and highlights the code it is about', async ({ page }) => {
  const question = tutor.questions[0]!;
  await openLesson(page, LESSON);
  await setFile(page, FILE, reference);
  await openTutor(page, 'Questions');
  const panel = tutorPanel(page);
  // The answer is not shown before the question is chosen.
  const answerStart = 'is the API';
  await expect(panel.getByText(answerStart)).toHaveCount(0);
  const button = panel.getByRole('button', { name: /Why does the loop check/ });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  await expect(panel.getByText(/is the API's own answer/)).toBeVisible();
  await expect(highlightedLineNumbers(page)).toHaveText(linesOf(reference, question.anchor!.match));
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the tutor has no serious accessibility violations (${colorScheme})`, async ({ page }) => {
    const experiment = tutor.experiments[0]!;
    await page.emulateMedia({ colorScheme });
    await openLesson(page, LESSON);
    await setFile(page, FILE, reference);
    expect(await runAndWait(page)).toMatch(/^Passed/);
    await openTutor(page, 'Break it');
    const panel = tutorPanel(page);
    await panel.getByRole('radio', { name: experiment.predictions[0]!.label }).check();
    await panel.getByRole('button', { name: 'Apply and run' }).click();
    await expect(panel.getByRole('heading', { name: /here is what happened/ })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('.reading-pane').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
