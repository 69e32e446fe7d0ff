import { expect, test, type Page } from '@playwright/test';
import { openLesson, runAndWait, setFile } from './app.ts';
import { lessonById } from './course.ts';

/**
 * The reference solution opened from the tutor, and closed again, as often as the learner
 * likes: no "TextModel got disposed before DiffEditorWidget model got reset", and a view
 * opened again shows the learner's code as it is now.
 */

const LESSON = 'the-while-loop';
const FILE = 'src/loop.ts';

function errorsOf(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test('hiding a solution opened from the tutor throws nothing', async ({ page }) => {
  const errors = errorsOf(page);
  await openLesson(page, LESSON);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  const show = page.getByRole('button', { name: 'Show solution' });
  const hide = page.getByRole('button', { name: 'Hide solution' });
  const diff = page.locator('.solution-view .monaco-diff-editor');
  await show.click();
  await expect(diff).toBeVisible();
  await hide.click();
  await expect(diff).toHaveCount(0);

  // From the tutor's walkthrough, now that the learner has asked for the solution once.
  await page.getByRole('tab', { name: 'Tutor', exact: true }).click();
  const fromTutor = page
    .getByRole('region', { name: 'Tutor' })
    .getByRole('button', { name: 'Show it in the reference solution' });
  for (let i = 0; i < 2; i++) {
    await fromTutor.click();
    await expect(diff).toBeVisible();
    await expect
      .poll(() => page.evaluate((f) => window.__theinference?.highlights(f, 'reference'), FILE))
      .not.toEqual([]);
    await hide.click();
    await expect(diff).toHaveCount(0);
  }

  // Opened again after an edit, the left side is the learner's code as it is now.
  await setFile(
    page,
    FILE,
    `// edited after the first look\n${lessonById(LESSON).reference[FILE]!}`,
  );
  await show.click();
  await expect(diff.locator('.editor.original .view-lines')).toContainText(
    'edited after the first look',
  );
  await hide.click();
  expect(errors).toEqual([]);
});
