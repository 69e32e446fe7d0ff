import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { editorReady, openLesson, runAndWait, setFile } from './app.ts';
import { lessonById, lessons } from './course.ts';

/** The course as a whole around the tutor: the SDK lesson's types, the map, what comes next. */

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const minutesOf = (id: string) =>
  (JSON.parse(readFileSync(join(fixtures, id, 'lesson.json'), 'utf8')) as { minutes: number })
    .minutes;

const AGENT = lessonById('the-agent');
const AGENT_FILE = 'src/agent.ts';

function markers(page: Page) {
  return page.evaluate((f) => window.__theinference?.markers(f) ?? [], AGENT_FILE);
}

test('the SDK lesson type-checks against the real package: no false errors', async ({ page }) => {
  // The checker reads the SDK's few MiB of declarations before its first answer.
  test.setTimeout(120_000);
  const reference = AGENT.reference[AGENT_FILE]!;
  await openLesson(page, AGENT.id);
  // The checker knows the SDK's types: a real mistake against them is reported...
  await setFile(
    page,
    AGENT_FILE,
    `${reference}\nexport const wrong: Anthropic.Tool = { name: 1, input_schema: { type: 'object' } };\n`,
  );
  await expect
    .poll(async () => (await markers(page)).map((m) => m.message), { timeout: 60_000 })
    .toContain("Type 'number' is not assignable to type 'string'.");
  // ...and the reference itself has nothing underlined, the import included.
  await setFile(page, AGENT_FILE, reference);
  await expect.poll(() => markers(page), { timeout: 60_000 }).toEqual([]);
});

test('the SDK lesson completes the client’s methods', async ({ page }) => {
  await openLesson(page, AGENT.id);
  await setFile(page, AGENT_FILE, `${AGENT.reference[AGENT_FILE]!}\nclient.messages.`);
  await page.getByRole('textbox', { name: /^Editor: / }).focus();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Control+Space');
  await expect(page.locator('.suggest-widget').getByText('create', { exact: true })).toBeVisible();
});

test('the course map shows every lesson with its minutes and state', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Course map/ }).click();
  const map = page.getByRole('dialog', { name: /agent loop/i });
  const total = lessons.reduce((sum, l) => sum + minutesOf(l.id), 0);
  // The summary under the title (the list of courses below names the count too).
  const summary = map.locator('.course-map-summary');
  await expect(summary).toContainText(`${lessons.length} lessons`);
  await expect(summary).toContainText('0 passed');
  await expect(summary).toContainText(`about ${Math.floor(total / 60)} h`);
  await expect(map.locator('.course-map-list').getByRole('listitem')).toHaveCount(lessons.length);
  for (const lesson of lessons) {
    const link = map.getByRole('link', { name: new RegExp(lesson.title) });
    await expect(link).toContainText(`${minutesOf(lesson.id)} min`);
    await expect(link).toContainText('Not started');
  }
});

test('passing a lesson offers the next one', async ({ page }) => {
  const [first, second] = [lessons[0]!, lessons[1]!];
  await openLesson(page, first.id);
  // Not before it passes.
  await expect(page.getByRole('link', { name: `Next: ${second.title} →` })).toHaveCount(0);
  for (const [path, text] of Object.entries(first.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await page.getByRole('link', { name: `Next: ${second.title} →` }).click();
  await editorReady(page, second.id);
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
});

test('passing the last lesson says the course is done', async ({ page }) => {
  const last = lessons.at(-1)!;
  await openLesson(page, last.id);
  for (const [path, text] of Object.entries(last.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await expect(page.getByText(/That was the last lesson/)).toBeVisible();
});
