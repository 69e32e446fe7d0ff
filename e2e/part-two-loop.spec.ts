import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import {
  editorReady,
  getFile,
  lf,
  openTutorChat,
  runAndWait,
  sayToTutor,
  setFile,
  setReference,
} from './app.ts';
import { loadedLesson } from '../scripts/test-support/lesson-dir.ts';
import { lessonById } from './course.ts';

/**
 * Part one's loop grows into part two: a learner passes budgets-and-refusal with a loop of
 * their own, goes on through the SDK lessons (which do without `src/loop.ts`), and opens
 * file-tools with their loop, which is what its cases run. The lesson then has two files to
 * edit (src/file-tools.ts and src/loop.ts): the editor, saving, Download, Reset, the tutor and
 * share links each handle both.
 */

const LOOP = 'src/loop.ts';
const TOOLS = 'src/file-tools.ts';
const fixtures = join(import.meta.dirname, '..', 'fixtures');
const read = (path: string) => readFileSync(join(fixtures, path), 'utf8');
// A loop of the learner's own, far from the reference's: a meter object, no runOneTurn.
const mine = read('budgets-and-refusal/solutions/correct-meter.ts');
const grown = `${mine}\n// Grown in part two.\n`;
const fileTools = lessonById('file-tools');
// The starter as the loader makes it: its src/loop.ts is named from budgets-and-refusal.
const fileToolsStarter = loadedLesson('file-tools').starter;
const starter = (path: string) => {
  const text = fileToolsStarter[path];
  if (text === undefined) throw new Error(`file-tools has no starter file ${path}`);
  return text;
};

const banner = (page: Page) => page.getByRole('region', { name: 'Where this lesson starts' });
const fileTab = (page: Page, name: string) =>
  page.getByRole('tablist', { name: 'Lesson files' }).getByRole('tab', { name });

/** Runs the lesson as it stands, expects a pass, and follows its link to the next lesson. */
async function passAndGoOn(page: Page, next: string): Promise<void> {
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await page
    .getByRole('link', { name: `Next: ${lessonById(next).title} →` })
    .first()
    .click();
  await editorReady(page, next);
}

test('the loop a learner passed part one with is the one part two runs, in both of its files', async ({
  page,
}) => {
  // Nine lessons passed, with a reload and a reset on the way.
  test.slow();
  await page.goto('/#/budgets-and-refusal');
  await editorReady(page, 'budgets-and-refusal');
  await setFile(page, LOOP, mine);
  await passAndGoOn(page, 'the-agent');
  // The SDK lessons, each passed with its reference, do without src/loop.ts.
  for (const [id, next] of [
    ['the-agent', 'streaming-replies'],
    ['streaming-replies', 'thinking'],
    ['thinking', 'stream-errors'],
    ['stream-errors', 'streaming-agent'],
    ['streaming-agent', 'tool-runner'],
    ['tool-runner', 'file-tools'],
  ] as const) {
    await setReference(page, lessonById(id).reference);
    await passAndGoOn(page, next);
  }

  await test.step('file-tools opens with their loop, beside the stub to write', async () => {
    await expect.poll(async () => lf(await getFile(page, LOOP))).toBe(mine);
    expect(lf(await getFile(page, TOOLS))).toBe(starter(TOOLS));
    await expect(banner(page)).toContainText(
      'Started from your code from “Budgets and refusals”: your ToolDefinition, Tool, ToolRegistry, createRegistry and 7 more.',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('tablist', { name: 'Lesson files' }).getByRole('tab')).toHaveText([
      'file-tools.ts',
      'loop.ts',
      'types.ts (read-only)',
    ]);
  });

  await test.step('both files are edited, and their loop passes with the reference tools', async () => {
    await fileTab(page, 'loop.ts').click();
    await expect(page.getByRole('tabpanel').getByRole('textbox')).toHaveAccessibleName(
      /^Editor: src\/loop\.ts\. /,
    );
    await expect(page.getByText('Read-only: the grader always uses')).toHaveCount(0);
    await setFile(page, LOOP, grown);
    await setFile(page, TOOLS, fileTools.reference[TOOLS] as string);
    expect(await runAndWait(page)).toMatch(/^Passed/);
    await page.reload();
    await editorReady(page, 'file-tools');
    expect(lf(await getFile(page, LOOP))).toBe(grown);
    expect(lf(await getFile(page, TOOLS))).toBe(lf(fileTools.reference[TOOLS]));
    await expect(banner(page)).toContainText('Your code from “Budgets and refusals” is kept.');
  });

  await test.step('Reset takes both files back to the starter, and Undo brings both back', async () => {
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(async () => lf(await getFile(page, LOOP))).toBe(starter(LOOP));
    expect(lf(await getFile(page, TOOLS))).toBe(starter(TOOLS));
    await expect(banner(page)).toContainText(
      "This is the course's version. Your passing code from “Budgets and refusals” can carry on here.",
    );
    await page.getByRole('button', { name: 'Undo reset' }).click();
    await expect.poll(async () => lf(await getFile(page, LOOP))).toBe(grown);
    expect(lf(await getFile(page, TOOLS))).toBe(lf(fileTools.reference[TOOLS]));
  });

  await test.step('permissions carries the loop on, as they left it in file-tools', async () => {
    await passAndGoOn(page, 'permissions');
    await expect.poll(async () => lf(await getFile(page, LOOP))).toBe(grown);
    await expect(banner(page)).toContainText('Started from your code from “File tools”');
    await setReference(page, lessonById('permissions').reference);
    expect(await runAndWait(page)).toMatch(/^Passed/);
  });
});

test('Download, the tutor and a share link take both files of the lesson', async ({
  page,
  browser,
}) => {
  await page.goto('/#/file-tools');
  await editorReady(page, 'file-tools');
  await setFile(page, LOOP, grown);
  await setFile(page, TOOLS, fileTools.reference[TOOLS] as string);
  await test.step('Download saves both, with the read-only types', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download your files' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('file-tools.zip');
    const zip = unzipSync(readFileSync(await download.path()));
    const files = Object.fromEntries(Object.entries(zip).map(([p, b]) => [p, lf(strFromU8(b))]));
    expect(files).toEqual({
      [TOOLS]: lf(fileTools.reference[TOOLS]),
      [LOOP]: grown,
      'src/types.ts': starter('src/types.ts'),
    });
  });

  await test.step('the tutor points into their loop', async () => {
    await openTutorChat(page);
    await sayToTutor(page, 'is src/loop.ts my own loop from part one?');
    await expect
      .poll(() => page.evaluate((f) => window.__theinference?.highlights(f), LOOP))
      .not.toEqual([]);
    await expect(fileTab(page, 'loop.ts')).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('a share link carries both to someone else', async () => {
    await page.getByRole('button', { name: 'Share' }).click();
    const link = await page
      .getByRole('group', { name: 'Share link' })
      .getByLabel('Link to this code')
      .inputValue();
    const other = await browser.newContext();
    const them = await other.newPage();
    await them.goto(link);
    await editorReady(them, 'file-tools');
    await expect(them.getByRole('region', { name: 'Code from a link' })).toBeVisible();
    expect(lf(await getFile(them, LOOP))).toBe(grown);
    expect(lf(await getFile(them, TOOLS))).toBe(lf(fileTools.reference[TOOLS]));
    expect(await runAndWait(them)).toMatch(/^Passed/);
    await other.close();
  });
});

test('file-tools begun before the loop could carry into it takes it into src/loop.ts alone', async ({
  page,
}) => {
  await page.goto('/#/file-tools');
  await editorReady(page, 'file-tools');
  await setFile(page, TOOLS, fileTools.reference[TOOLS] as string);
  await page.goto('/#/budgets-and-refusal');
  await editorReady(page, 'budgets-and-refusal');
  await setFile(page, LOOP, mine);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  await page.goto('/#/file-tools');
  await editorReady(page, 'file-tools');
  expect(lf(await getFile(page, LOOP))).toBe(starter(LOOP));
  await expect(banner(page)).toContainText(
    'Your passing code from “Budgets and refusals” can carry on here, in src/loop.ts; the rest stays as you have it.',
  );
  await banner(page).getByRole('button', { name: 'Bring my code in' }).click();
  await expect.poll(async () => lf(await getFile(page, LOOP))).toBe(mine);
  expect(lf(await getFile(page, TOOLS))).toBe(lf(fileTools.reference[TOOLS]));
  await expect(banner(page)).toContainText('Your code from “Budgets and refusals” is kept.');
  expect(await runAndWait(page)).toMatch(/^Passed/);
});
