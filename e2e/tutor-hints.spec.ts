import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { Tutor } from '../core/index.ts';
import { editorReady, openLesson, runAndWait } from './app.ts';

/** Hints before the solution: a nudge, the shape, the key line, one at a time. */

const LESSON = 'the-while-loop';
const tutor = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', 'fixtures', LESSON, 'tutor.json'), 'utf8'),
) as Tutor;
/** A line of the reference that only the last hint quotes. */
const KEY_LINE = "messages.push({ role: 'user', content: results });";
const levels = { nudge: 'a nudge', shape: 'the shape', line: 'the key line' } as const;

const tutorPanel = (page: Page) => page.getByRole('region', { name: 'Tutor' });
const hintHeadings = (page: Page) =>
  tutorPanel(page).getByRole('heading', { level: 3, name: /^Hint \d of \d/ });

test('hints unlock in order, one at a time, and stay open after a reload', async ({ page }) => {
  const total = tutor.hints.length;
  expect(tutor.hints.map((h) => h.body.includes(KEY_LINE))).toEqual([false, false, true]);
  await openLesson(page, LESSON);
  await page.getByRole('tab', { name: 'Tutor', exact: true }).click();
  await tutorPanel(page).getByRole('tab', { name: 'Hints' }).click();
  await expect(hintHeadings(page)).toHaveCount(0);

  for (const [i, hint] of tutor.hints.entries()) {
    const button = tutorPanel(page).getByRole('button', {
      name: `Show hint ${i + 1} of ${total}: ${levels[hint.level]}`,
    });
    await button.click();
    await expect(hintHeadings(page)).toHaveText(
      tutor.hints.slice(0, i + 1).map((h, j) => `Hint ${j + 1} of ${total}: ${levels[h.level]}`),
    );
    // The hint just opened has the focus; the key line is on the page with the last hint only.
    await expect(hintHeadings(page).nth(i)).toBeFocused();
    const keyLine = tutorPanel(page).getByText(KEY_LINE, { exact: false });
    await expect(keyLine).toHaveCount(i === total - 1 ? 1 : 0);
  }
  // After the last hint, before a first run: the solution waits for an attempt.
  await expect(tutorPanel(page).getByText(/opens after your first run/)).toBeVisible();
  await expect(tutorPanel(page).getByRole('button', { name: 'Show solution' })).toHaveCount(0);

  await page.reload();
  await editorReady(page, LESSON);
  await page.getByRole('tab', { name: 'Tutor', exact: true }).click();
  await tutorPanel(page).getByRole('tab', { name: 'Hints' }).click();
  await expect(hintHeadings(page)).toHaveCount(total);

  // After a run, the last step is the solution itself.
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await tutorPanel(page).getByRole('button', { name: 'Show solution' }).click();
  await expect(page.getByRole('button', { name: 'Hide solution' })).toBeVisible();
  await expect(
    tutorPanel(page).getByText('The reference solution is open beside your code.'),
  ).toBeVisible();
});
