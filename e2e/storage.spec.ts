import { expect, test, type Page } from '@playwright/test';
import { editorReady, getFile, openLesson, runAndWait, runButton, setFile } from './app.ts';
import { lessons } from './course.ts';

const [first, second] = [lessons[0]!, lessons[1]!];
const STORAGE_KEY = 'theinference:state';
const notice = (page: Page) => page.getByRole('region', { name: 'Notices' }).getByRole('alert');

const savedDrafts = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw
      ? (JSON.parse(raw) as { state: { drafts: Record<string, unknown> } }).state.drafts
      : {};
  }, STORAGE_KEY);

test('when storage is full the app says so, keeps the work in the tab, and asks before closing', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await openLesson(page, first.id);
  await setFile(page, first.entry, '// work that cannot be saved\n');
  const message =
    "Your latest edits could not be saved: this browser's storage for the site is full. They are kept in this tab, so keep it open; copy your code somewhere safe before you close it.";
  await expect(notice(page).getByText(message, { exact: true })).toBeVisible();

  // Still here after visiting another lesson, and it still runs.
  await page.getByRole('link', { name: new RegExp(`Next lesson: ${second.title}`) }).click();
  await editorReady(page, second.id);
  await page.goBack();
  await editorReady(page, first.id);
  expect(await getFile(page, first.entry)).toBe('// work that cannot be saved\n');
  for (const [path, text] of Object.entries(first.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('when storage cannot be reached at all the app says so and still works', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('Access is denied.', 'SecurityError');
      },
    });
  });
  await openLesson(page, first.id);
  await expect(notice(page)).toContainText(
    'This browser is not letting the app save (localStorage is unavailable)',
  );
  await setFile(page, first.entry, '// kept in memory\n');
  expect(await getFile(page, first.entry)).toBe('// kept in memory\n');

  // Nothing reaches storage, so closing the tab asks first (after a click, as browsers require).
  await runButton(page).click();
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('two tabs on one lesson: a different save in the other tab is offered, never forced', async ({
  context,
}) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openLesson(a, first.id);
  await openLesson(b, first.id);
  const fromA = (page: Page) => page.getByRole('region', { name: 'Code from another tab' });

  await setFile(a, first.entry, '// written in tab A\n');
  await expect(fromA(b)).toBeVisible();
  // B still shows what it had; nothing was replaced under the learner.
  expect(await getFile(b, first.entry)).not.toBe('// written in tab A\n');
  await b.getByRole('button', { name: 'Load theirs' }).click();
  await expect(fromA(b)).toHaveCount(0);
  expect(await getFile(b, first.entry)).toBe('// written in tab A\n');
  await expect(fromA(a)).toHaveCount(0);

  await setFile(b, first.entry, '// written in tab B\n');
  await expect(fromA(a)).toBeVisible();
  expect(await getFile(a, first.entry)).toBe('// written in tab A\n');
  await a.getByRole('button', { name: 'Keep mine' }).click();
  await expect(fromA(a)).toHaveCount(0);
  expect(await getFile(a, first.entry)).toBe('// written in tab A\n');
  expect((await savedDrafts(a))[first.id]).toEqual({ [first.entry]: '// written in tab A\n' });
  // Keeping mine saved it again: now B hears of it, and B chooses in turn.
  await expect(fromA(b)).toBeVisible();
  expect(await getFile(b, first.entry)).toBe('// written in tab B\n');
});

test("two tabs on different lessons keep each other's drafts", async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  await openLesson(a, first.id);
  await openLesson(b, second.id);
  await setFile(a, first.entry, '// lesson one, tab A\n');
  await setFile(b, second.entry, '// lesson two, tab B\n');
  await setFile(a, first.entry, '// lesson one, tab A, later\n');
  await expect
    .poll(() => savedDrafts(a))
    .toEqual({
      [first.id]: { [first.entry]: '// lesson one, tab A, later\n' },
      [second.id]: { [second.entry]: '// lesson two, tab B\n' },
    });
  await expect(a.getByRole('region', { name: 'Code from another tab' })).toHaveCount(0);
  await expect(b.getByRole('region', { name: 'Code from another tab' })).toHaveCount(0);
});
