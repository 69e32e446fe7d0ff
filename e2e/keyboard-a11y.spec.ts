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

test('Escape then Tab leaves the editor, as the hint shown while it has focus says', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const editor = page.getByRole('textbox', { name: /^Editor: / });
  await editor.focus();
  const hint = page.locator('.tab-hint');
  await expect(hint).toHaveText(/Esc then Tab leaves the editor/);
  // Tab alone types a tab: the editor keeps the focus.
  await page.keyboard.press('Tab');
  await expect(editor).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(hint).toHaveText('Tab now leaves the editor');
  await page.keyboard.press('Tab');
  await expect(editor).not.toBeFocused();
  expect(await page.evaluate(() => !!document.activeElement?.closest('.monaco-editor'))).toBe(
    false,
  );
  await expect(hint).toHaveCount(0);
  // Shift+Tab goes back in; Escape, then Shift+Tab, leaves it the other way.
  await editor.focus();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Shift+Tab');
  await expect(editor).not.toBeFocused();
});

const scans: [string, { width: number; height: number }, 'light' | 'dark'][] = [
  ['columns, light', { width: 1280, height: 800 }, 'light'],
  ['tabs on a phone, dark', { width: 390, height: 844 }, 'dark'],
];
for (const [layout, viewport, colorScheme] of scans) {
  test(`the new controls pass the scan too (${layout}): transcript, outdated results, settings`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    await page.goto(`/#/${lesson.id}`);
    if (viewport.width < 900) await page.getByRole('tab', { name: 'Code' }).click();
    await expect
      .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
      .toBe(lesson.id);
    for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
    await runAndWait(page);
    await setFile(page, lesson.entry, `${lesson.reference[lesson.entry]}\n// edited\n`);
    await expect(page.getByText('Code changed since this run.')).toBeVisible();
    await page.getByRole('button', { name: 'Settings' }).click();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
