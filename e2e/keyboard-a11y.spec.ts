import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { openLesson, runAndWait, setFile, verdict } from './app.ts';
import { lessons } from './course.ts';

const lesson = lessons[1]!;

test('Ctrl/Cmd+Enter runs from the editor and the live region announces the verdict', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(verdict(page)).toHaveText(/^Passed/);
  // The editor handled the key itself: it did not insert a line.
  expect(await page.evaluate(() => window.__theinference?.getFile('src/loop.ts'))).toBe(
    lesson.reference['src/loop.ts'],
  );
});

test('Ctrl/Cmd+Enter runs from anywhere on the page', async ({ page }) => {
  await openLesson(page, lesson.id);
  await page.getByRole('heading', { level: 1, name: lesson.title }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(verdict(page)).toHaveText(/^Failed/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openLesson(page, lesson.id);
    await runAndWait(page);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
