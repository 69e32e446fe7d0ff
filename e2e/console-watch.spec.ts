import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setFile, verdict } from './app.ts';
import { lessons } from './course.ts';

const lesson = lessons[0]!;
const reference = lesson.reference[lesson.entry]!;

test('the console shows what the learner logged, per case, capped with a visible note', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const chatty = reference.replace(
    'const response = await model(messages);',
    "const response = await model(messages);\n  console.warn('stop:', response.stop_reason);\n  for (let i = 0; i < 1500; i++) console.log('line', i);",
  );
  expect(chatty).not.toBe(reference);
  await setFile(page, lesson.entry, chatty);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  const first = lesson.cases[0]!;
  await caseRow(page, first.name).getByRole('button').click();
  await page.getByRole('tab', { name: /^Console/ }).click();
  const log = page.getByRole('log', { name: 'Console output' });
  await expect(log.locator('.console-line').first()).toHaveText(/warn\s*stop: \w+/);
  await expect(log.locator('.console-line').nth(1)).toHaveText('line 0');
  await expect(log.getByText(/^Output truncated/)).toBeVisible();
});

test('watch mode re-runs after an edit, without a click', async ({ page }) => {
  await openLesson(page, lesson.id);
  const watch = page.getByRole('checkbox', { name: 'Watch' });
  await expect(watch).not.toBeChecked();
  await watch.check();
  for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
  await expect(verdict(page)).toHaveText(/^Passed/);
  await expect(caseRow(page, lesson.cases[0]!.name)).toHaveAttribute('data-status', 'pass');
});

test('a hidden case shows its name and diagnostic, never its expected output', async ({ page }) => {
  await openLesson(page, lesson.id);
  await runAndWait(page);
  const hidden = page.locator('.case-row:has(.badge)').first();
  await hidden.getByRole('button').click();
  const detail = page.locator('.case-detail');
  await expect(detail.getByText('hidden case')).toBeVisible();
  await expect(detail.locator('.diagnostic-message')).not.toHaveText('');
  await expect(detail.getByRole('tab', { name: 'Output' })).toHaveCount(0);
  await expect(detail.getByRole('columnheader', { name: 'Expected' })).toHaveCount(0);
});
