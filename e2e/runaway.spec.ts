import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, runButton, setFile, verdict } from './app.ts';
import { lessons } from './course.ts';

const lesson = lessons[0]!;
const endless = 'export async function runOneTurn() {\n  while (true) {}\n}\n';

test.beforeEach(async ({ page }) => {
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, endless);
});

test('`while (true) {}` times out, the page stays responsive, the next run passes', async ({
  page,
}) => {
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Running/);
  // The learner's loop spins in workers: the page still handles a click meanwhile.
  await page.getByRole('button', { name: /Course map/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await expect(verdict(page)).toHaveText(/^Failed/);
  // The first cases spin to their time limit (as many as the machine has cores); once one has,
  // the cases not yet started are skipped, each saying why, rather than spinning in turn.
  await expect(caseRow(page, lesson.cases[0]!.name)).toHaveAttribute('data-kind', 'timeout');
  await expect(caseRow(page, lesson.cases[0]!.name)).toContainText('Timed out');
  for (const c of lesson.cases) {
    await expect(caseRow(page, c.name)).toHaveAttribute('data-kind', /^(timeout|skipped)$/);
  }
  const last = caseRow(page, lesson.cases.at(-1)!.name);
  await expect(last).toHaveAttribute('data-kind', 'skipped');
  await expect(last).toContainText('ran past its time limit');

  for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
});

test('Stop ends a run at once', async ({ page }) => {
  await runButton(page).click();
  // Stop works from the press: the run's phase, not the "Running" drawn a moment later.
  await expect(page.getByRole('status')).toHaveAttribute('data-phase', 'running');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(verdict(page)).toHaveText(/^Stopped/);
  await expect(caseRow(page, lesson.cases[0]!.name)).toHaveAttribute('data-kind', 'cancelled');
  await expect(page.getByRole('button', { name: 'Stop', exact: true })).toBeDisabled();
});

test('a newer run replaces an older one', async ({ page }) => {
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Running/);
  for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  for (const c of lesson.cases) {
    await expect(caseRow(page, c.name)).toHaveAttribute('data-status', 'pass');
  }
});

test('a run keeps the last results on screen, marked busy, until its first case is in', async ({
  page,
}) => {
  for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const results = page.locator('.results-scroll');
  await expect(results).not.toHaveAttribute('aria-busy');

  await setFile(page, lesson.entry, endless);
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Running/);
  // The passed run's cases stay (not blank placeholders), marked as no longer current.
  await expect(results).toHaveAttribute('aria-busy', 'true');
  await expect(results).toHaveClass(/\bwaiting\b/);
  await expect(caseRow(page, lesson.cases[0]!.name)).toHaveAttribute('data-status', 'pass');

  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(verdict(page)).toHaveText(/^Stopped/);
  await expect(results).not.toHaveAttribute('aria-busy');
  await expect(caseRow(page, lesson.cases[0]!.name)).toHaveAttribute('data-kind', 'cancelled');
});
