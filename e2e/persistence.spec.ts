import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { editorReady, getFile, lf, openLesson, runAndWait, setFile } from './app.ts';
import { lessons } from './course.ts';

const [first, second] = [lessons[0]!, lessons[1]!];

function starterOf(lessonId: string, path: string): string {
  return readFileSync(
    join(import.meta.dirname, '..', 'fixtures', lessonId, 'starter', path),
    'utf8',
  );
}

async function courseMapStatus(page: Page, title: string) {
  await page.getByRole('button', { name: /Course map/ }).click();
  const link = page.getByRole('dialog').getByRole('link', { name: new RegExp(title) });
  const text = await link.locator('.status-label').textContent();
  await page.keyboard.press('Escape');
  return text;
}

test('a draft and the progress survive a reload', async ({ page }) => {
  await openLesson(page, first.id);
  for (const [path, text] of Object.entries(first.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const draft = `${first.reference[first.entry]}\n// my note\n`;
  await setFile(page, first.entry, draft);

  await page.reload();
  await editorReady(page, first.id);
  expect(lf(await getFile(page, first.entry))).toBe(draft);
  expect(await courseMapStatus(page, first.title)).toBe('Passed');
  expect(await courseMapStatus(page, second.title)).toBe('Not started');
});

test('switching lessons keeps each lesson its own draft', async ({ page }) => {
  await openLesson(page, first.id);
  await setFile(page, first.entry, '// draft of the first lesson\n');
  await page.getByRole('link', { name: new RegExp(`Next lesson: ${second.title}`) }).click();
  await editorReady(page, second.id);
  expect(lf(await getFile(page, second.entry))).toBe(starterOf(second.id, second.entry));
  await setFile(page, second.entry, '// draft of the second lesson\n');
  expect(await courseMapStatus(page, second.title)).toBe('In progress');

  await page.goBack();
  await editorReady(page, first.id);
  expect(lf(await getFile(page, first.entry))).toBe('// draft of the first lesson\n');
  await page.goForward();
  await editorReady(page, second.id);
  expect(lf(await getFile(page, second.entry))).toBe('// draft of the second lesson\n');
});

test('Reset restores the starter and can be undone', async ({ page }) => {
  await openLesson(page, first.id);
  const starter = starterOf(first.id, first.entry);
  await setFile(page, first.entry, '// mine\n');
  await page.getByRole('button', { name: 'Reset' }).click();
  expect(lf(await getFile(page, first.entry))).toBe(starter);
  await page.getByRole('button', { name: 'Undo reset' }).click();
  expect(lf(await getFile(page, first.entry))).toBe('// mine\n');

  // Reset is an ordinary edit: Ctrl+Z in the editor brings the text back too.
  await page.getByRole('button', { name: 'Reset' }).click();
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(async () => lf(await getFile(page, first.entry))).toBe('// mine\n');
});

test('Show solution opens after a failed attempt, beside the learner code', async ({ page }) => {
  await openLesson(page, first.id);
  const show = page.getByRole('button', { name: 'Show solution' });
  await expect(show).toBeDisabled();
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await show.click();
  await expect(page.locator('.solution-header')).toContainText('Reference solution');
  await expect(page.locator('.solution-view .monaco-diff-editor')).toBeVisible();
  await page.getByRole('button', { name: 'Hide solution' }).click();
  await expect(page.locator('.solution-view')).toHaveCount(0);
});

test('an unreadable saved state starts clean, says so, and is kept aside', async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('theinference:state', '{"state": {"drafts": oops');
  });
  await page.goto(`/#/${first.id}`);
  await expect(page.getByRole('region', { name: 'Notices' }).getByRole('alert')).toContainText(
    'could not be read',
  );
  await editorReady(page, first.id);
  const kept = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('theinference:state:unreadable:'))
      .map((k) => localStorage.getItem(k)),
  );
  expect(kept).toEqual(['{"state": {"drafts": oops']);
});
