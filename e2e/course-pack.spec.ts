import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
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
import {
  LESSON_ID,
  LESSON_TITLE,
  PACK_ID,
  PACK_TITLE,
  REFERENCE,
  STARTER,
  unitPackFiles,
} from '../scripts/test-support/unit-pack.ts';

/** The pack as a zip of its folder, as an author zips `unit-tools/`. */
const packZip = () =>
  Buffer.from(
    zipSync(
      Object.fromEntries(
        Object.entries(unitPackFiles()).map(([path, text]) => [
          `unit-tools/${path}`,
          strToU8(text),
        ]),
      ),
    ),
  );
const packJson = (files: Record<string, string>) => Buffer.from(JSON.stringify({ files }));

const SHIPPED_DRAFT = '// my own one-turn, in the shipped course\nexport {};\n';

async function openCourseMap(page: Page) {
  await page.getByRole('button', { name: /Course map/ }).click();
  return page.getByRole('dialog', { name: /Build the agent loop|Tools that convert units/ });
}

/**
 * Waits for the pack's lesson in the editor (the shipped course has a lesson of the same id,
 * so the address and the pack's own file tell them apart).
 */
async function packLessonReady(page: Page) {
  await expect(page).toHaveURL(new RegExp(`#/@${PACK_ID}/${LESSON_ID}$`));
  await editorReady(page, LESSON_ID);
  await expect.poll(() => getFile(page, 'src/convert.ts')).toBeDefined();
}

/** Serious or critical accessibility problems axe finds on the page as it is. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Open course…, through the browser's own file picker. */
async function chooseCourseFile(page: Page, name: string, buffer: Buffer) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open course…' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/octet-stream', buffer });
}

test('a course pack opens from a file, passes its lesson, stays, and keeps its work apart', async ({
  page,
}) => {
  test.slow(); // four page loads, two runs and a scan: a learner's whole round trip
  // The learner's work as the version before course packs saved it (saved state version 4),
  // in the shipped course's lesson of the same id as the pack's.
  const v4 = {
    drafts: { 'one-turn': { 'src/loop.ts': SHIPPED_DRAFT } },
    progress: { 'one-turn': { passed: false, attempts: 2 } },
    lastLessonId: 'one-turn',
  };
  await page.addInitScript(
    (saved) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('theinference:state', saved);
    },
    JSON.stringify({ version: 4, state: v4 }),
  );
  await page.goto('/');
  await expect(page).toHaveURL(/#\/one-turn$/);
  await editorReady(page, 'one-turn');
  expect(lf(await getFile(page, 'src/loop.ts'))).toBe(SHIPPED_DRAFT);

  await openCourseMap(page);
  await chooseCourseFile(page, 'unit-tools.zip', packZip());
  await packLessonReady(page);
  await expect(
    page.getByText(`Opened “${PACK_TITLE}” (1 lesson) from unit-tools.zip.`),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: LESSON_TITLE })).toBeVisible();
  // Its own starter, not the shipped lesson's draft; its own read-only types, type-checked.
  expect(lf(await getFile(page, 'src/convert.ts'))).toBe(STARTER);
  expect(await getFile(page, 'src/loop.ts')).toBeUndefined();
  // Its text is rendered and sanitised as the shipped course's: markup shows as text, and a
  // link within the app leads to its own lesson.
  const lessonText = page.getByRole('region', { name: 'Lesson text' });
  await expect(lessonText).toContainText("<b>Markup in a pack's text</b> shows as text.");
  await expect(lessonText.locator('b')).toHaveCount(0);
  await expect(lessonText.getByRole('link', { name: 'the task' })).toHaveAttribute(
    'href',
    `#/@${PACK_ID}/${LESSON_ID}`,
  );

  // The starter fails, in the same sandbox, with the lesson's own cases.
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await expect(caseRow(page, 'km-to-miles')).toHaveAttribute('data-status', 'error');
  await expect(caseRow(page, 'marathon')).toHaveAttribute('data-status', 'error');
  // The reference passes, the hidden case by its sealed digests.
  await setFile(page, 'src/convert.ts', REFERENCE);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await expect(caseRow(page, 'marathon')).toHaveAttribute('data-status', 'pass');

  // A reload finds the pack (kept in the browser) and the draft.
  await page.reload();
  await packLessonReady(page);
  await expect(page.getByRole('heading', { level: 1, name: LESSON_TITLE })).toBeVisible();
  expect(lf(await getFile(page, 'src/convert.ts'))).toBe(REFERENCE);
  const map = await openCourseMap(page);
  await expect(map.locator(`[data-lesson="${LESSON_ID}"]`)).toHaveAttribute(
    'data-status',
    'passed',
  );

  // Back to the shipped course: its draft is untouched, and the pack's pass is not its.
  await map.getByRole('link', { name: /Build the agent loop/ }).click();
  await expect(page).toHaveURL(/#\/one-turn$/);
  await editorReady(page, 'one-turn');
  expect(lf(await getFile(page, 'src/loop.ts'))).toBe(SHIPPED_DRAFT);
  const shippedMap = await openCourseMap(page);
  await expect(shippedMap.locator('[data-lesson="one-turn"]')).toHaveAttribute(
    'data-status',
    'in-progress',
  );
  // And the pack is one click away, where the learner left it.
  await shippedMap.getByRole('link', { name: new RegExp(PACK_TITLE) }).click();
  await packLessonReady(page);
  expect(lf(await getFile(page, 'src/convert.ts'))).toBe(REFERENCE);
});

test('a malformed pack says which file and field, and changes nothing', async ({ page }) => {
  await openLesson(page, 'one-turn');
  await setFile(page, 'src/loop.ts', SHIPPED_DRAFT);
  const files = unitPackFiles();
  const meta = JSON.parse(files[`${LESSON_ID}/lesson.json`] ?? '{}') as Record<string, unknown>;
  files[`${LESSON_ID}/lesson.json`] = JSON.stringify({ ...meta, minutes: 0 });
  delete files[`${LESSON_ID}/task.md`];

  // Open course is reached by keyboard: Course map, then Tab to it, then Enter.
  await page.getByRole('button', { name: /Course map/ }).focus();
  await page.keyboard.press('Enter');
  const open = page.getByRole('button', { name: 'Open course…' });
  for (let i = 0; i < 60 && !(await open.evaluate((b) => b === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(open).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (
    await chooser
  ).setFiles({ name: 'broken.json', mimeType: 'application/json', buffer: packJson(files) });
  const dialog = page.getByRole('alertdialog', { name: 'This course pack could not be opened' });
  await expect(dialog).toContainText(
    'broken.json has 2 problems. Nothing was changed: the course you had open and all your work are as they were.',
  );
  const rows = dialog.getByRole('row');
  await expect(rows.nth(1)).toHaveText(
    `${LESSON_ID}/lesson.json` + 'minutes' + 'Too small: expected number to be >0',
  );
  await expect(rows.nth(2)).toHaveText(`${LESSON_ID}/task.md` + '(file)' + 'missing');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  // Nothing changed: the lesson, its draft, and no pack in the list.
  await expect(page).toHaveURL(/#\/one-turn$/);
  expect(lf(await getFile(page, 'src/loop.ts'))).toBe(SHIPPED_DRAFT);
  await expect(page.locator('[data-pack]')).toHaveCount(0);

  // Something that is no pack at all says so too.
  await chooseCourseFile(page, 'notes.txt', Buffer.from('just some notes'));
  await expect(dialog).toContainText('notes.txt has 1 problem.');
  await expect(dialog.getByRole('row').nth(1)).toContainText('notes.txt(file)not valid JSON (');
});

test('a link into a pack that is not open says so, and goes on once the pack is opened', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`/#/@${PACK_ID}/${LESSON_ID}`);
  await expect(
    page.getByRole('heading', { name: 'This link is for a course that is not open here' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`It names the course pack ${PACK_ID}`);
  expect(await seriousViolations(page)).toEqual([]);
  await chooseCourseFile(page, 'unit-tools.json', packJson(unitPackFiles()));
  await packLessonReady(page);
});

test('#/course= opens a pack from the page’s own origin, and refuses any other', async ({
  page,
}) => {
  await page.route('**/packs/unit-tools.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: packJson(unitPackFiles()) }),
  );
  await page.goto('/#/course=/packs/unit-tools.json');
  await packLessonReady(page);
  const map = await openCourseMap(page);
  await expect(map.locator(`[data-pack="${PACK_ID}"]`)).toContainText(
    '1 lesson · from /packs/unit-tools.json',
  );
  await map.getByRole('button', { name: 'Close' }).click();

  await page.goto('/#/course=https://example.com/unit-tools.json');
  const dialog = page.getByRole('alertdialog', { name: 'This course pack could not be opened' });
  await expect(dialog).toContainText(
    'A course pack opens from this site’s own addresses (http://localhost:',
  );
  // The app goes on with the course last open.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await packLessonReady(page);
  await expect(verdict(page)).toBeAttached();
});

test('a removed pack’s work is kept unless the learner says otherwise', async ({ page }) => {
  test.slow(); // three opens of the pack, two removals
  await page.goto('/');
  await editorReady(page, 'one-turn');
  await openCourseMap(page);
  await chooseCourseFile(page, 'unit-tools.json', packJson(unitPackFiles()));
  await packLessonReady(page);
  await setFile(page, 'src/convert.ts', '// mine\n');

  const remove = async (choice: string) => {
    const map = await openCourseMap(page);
    await map.getByRole('button', { name: `Remove ${PACK_TITLE}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove “${PACK_TITLE}”?` });
    await confirm.getByRole('button', { name: choice }).click();
    // The pack was open: the shipped course opens in its place.
    await expect(page).toHaveURL(/#\/one-turn$/);
    await editorReady(page, 'one-turn');
    await expect(page.locator('[data-pack]')).toHaveCount(0);
  };
  const reopen = async () => {
    await openCourseMap(page);
    await chooseCourseFile(page, 'unit-tools.json', packJson(unitPackFiles()));
    await packLessonReady(page);
  };

  await remove('Remove it, keep my work');
  await reopen();
  expect(lf(await getFile(page, 'src/convert.ts'))).toBe('// mine\n');
  await remove('Remove it and my work');
  await reopen();
  expect(lf(await getFile(page, 'src/convert.ts'))).toBe(STARTER);
});
