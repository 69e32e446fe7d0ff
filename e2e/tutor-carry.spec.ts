import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loadPackagedCourse } from '../cli/load.ts';
import { carriedFiles, carryForward, type Lesson } from '../core/index.ts';
import { editorReady, getFile, lf, runAndWait, setFile } from './app.ts';

/**
 * Carry your own code forward: the next lesson starts from the learner's passing code, per
 * declaration, at a desktop's size and a phone's. Catalogue solutions stand in for a learner's
 * own (a for loop, no textOf helper): what the playground writes is what core's carry-forward
 * gives for the same code, the merge both hosts use.
 */

const FILE = 'src/loop.ts';
const fixtures = join(import.meta.dirname, '..', 'fixtures');
const read = (path: string) => readFileSync(join(fixtures, path), 'utf8');
const solution = (lessonId: string, name: string) => read(`${lessonId}/solutions/${name}.ts`);
const course = (() => {
  const loaded = loadPackagedCourse(undefined, { sealed: false });
  if ('error' in loaded) throw new Error(loaded.error);
  return loaded.course;
})();
const lesson = (id: string) => course.lessons.find((l) => l.id === id) as Lesson;
const banner = (page: Page) => page.getByRole('region', { name: 'Where this lesson starts' });
const chooser = (page: Page) => page.getByRole('dialog', { name: /^Your code from/ });

/** What carrying `mine` from `from` into the next lesson writes, with these choices. */
function carried(
  from: string,
  mine: string,
  choices: Record<string, 'mine' | 'course' | 'both'> = {},
) {
  const previous = lesson(from);
  const next = course.lessons[previous.index + 1] as Lesson;
  const carry = carryForward(course.lessons, next, (l) =>
    l === previous ? { [FILE]: mine } : undefined,
  );
  if (carry.kind !== 'carried') throw new Error(`nothing carried into ${next.id}`);
  return carriedFiles(next, carry, choices).files[FILE];
}

/** On a phone the editor (and its banner) is a tab of its own. */
async function showCode(page: Page): Promise<void> {
  const code = page.getByRole('tablist', { name: 'Workspace' }).getByRole('tab', { name: 'Code' });
  if (await code.isVisible()) await code.click();
}

/** The editor serves `lessonId` (on a phone, whichever tab is showing). */
async function serving(page: Page, lessonId: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
    .toBe(lessonId);
}

/** Passes `lessonId` with `mine`, then follows the link on to the next lesson. */
async function passAndGoOn(page: Page, lessonId: string, mine: string): Promise<Lesson> {
  const next = course.lessons[lesson(lessonId).index + 1] as Lesson;
  await page.goto(`/#/${lessonId}`);
  await showCode(page);
  await editorReady(page, lessonId);
  await setFile(page, FILE, mine);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await page
    .getByRole('link', { name: `Next: ${next.title} →` })
    .first()
    .click();
  await serving(page, next.id);
  return next;
}

/** Reloads the page, back on the editor. */
async function reload(page: Page, lessonId: string): Promise<void> {
  await page.reload();
  await serving(page, lessonId);
}

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });
    // Each passes a lesson, moves on and reloads two or three times.
    test.slow();

    test('a for-loop runOneTurn with no textOf carries into the while loop, and a reload keeps it', async ({
      page,
    }) => {
      const mine = solution('one-turn', 'correct-for-of');
      const expected = carried('one-turn', mine);
      expect(expected).toContain(mine.slice(mine.indexOf('export async function runOneTurn')));
      const next = await passAndGoOn(page, 'one-turn', mine);
      const starter = next.starter[FILE];

      await showCode(page);
      await expect.poll(async () => lf(await getFile(page, FILE))).toBe(expected);
      await expect(banner(page)).toHaveText(
        /Started from your code from “One turn”: your runOneTurn, with this lesson's Execute, LoopResult and runLoop\./,
      );
      await expect(chooser(page)).toHaveCount(0);
      const axe = await new AxeBuilder({ page }).include('.carry-forward').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      await banner(page).getByRole('button', { name: "Use the course's version" }).click();
      await expect.poll(async () => lf(await getFile(page, FILE))).toBe(starter);
      await expect(banner(page)).toContainText('can carry on here');
      await banner(page).getByRole('button', { name: 'Start from my code' }).click();
      await expect.poll(async () => lf(await getFile(page, FILE))).toBe(expected);

      // Edited, then reloaded: the draft is theirs, and the code they passed with is one click away.
      await setFile(page, FILE, `${expected}// more\n`);
      await reload(page, next.id);
      await showCode(page);
      expect(lf(await getFile(page, FILE))).toBe(`${expected}// more\n`);
      await expect(banner(page)).toContainText('Your code from “One turn” is kept.');
      await banner(page).getByRole('button', { name: 'Show it' }).click();
      await chooser(page).getByText('Your whole src/loop.ts from “One turn”').click();
      await expect(chooser(page).locator('.carry-whole pre')).toHaveText(mine);
      await chooser(page).getByRole('button', { name: 'Close' }).click();
      await expect(chooser(page)).toHaveCount(0);
    });

    test('a runLoop both changed opens side by side; the choice is applied, and kept over a reload', async ({
      page,
    }) => {
      const mine = solution('the-while-loop', 'correct-for-loop');
      const theirs = carried('the-while-loop', mine);
      const chosen = carried('the-while-loop', mine, { [`${FILE}#runLoop`]: 'course' });
      const next = await passAndGoOn(page, 'the-while-loop', mine);

      // The lesson opens on the two versions; the editor behind holds theirs meanwhile.
      const dialog = chooser(page);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'runLoop' })).toBeVisible();
      await expect(dialog.getByRole('figure').first()).toContainText(
        'for (let turns = 1; ; turns++)',
      );
      await expect(dialog.getByRole('figure').nth(1)).toContainText(
        "throw new Error('TODO: bound the loop');",
      );
      const group = dialog.getByRole('group', { name: 'Start runLoop from' });
      await expect(group.getByRole('radio', { name: /^Yours/ })).toBeChecked();
      const axe = await new AxeBuilder({ page }).include('.carry-chooser').analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);
      expect(lf(await getFile(page, FILE))).toBe(theirs);

      // Put off: a reload opens it again.
      await dialog.getByRole('button', { name: 'Decide later' }).click();
      await showCode(page);
      await expect(banner(page)).toContainText(
        'runLoop: you and this lesson both change it; yours until you choose',
      );
      await reload(page, next.id);
      await expect(dialog).toBeVisible();

      await group.getByRole('radio', { name: /^This lesson’s/ }).check();
      await dialog.getByRole('button', { name: 'Start from these' }).click();
      await expect(dialog).toHaveCount(0);
      await showCode(page);
      await expect.poll(async () => lf(await getFile(page, FILE))).toBe(chosen);
      await expect(banner(page)).toContainText('runLoop: this lesson’s, as you chose');

      // Chosen: a reload keeps the choice and the code, and does not ask again.
      await reload(page, next.id);
      await showCode(page);
      expect(lf(await getFile(page, FILE))).toBe(chosen);
      await expect(dialog).toHaveCount(0);
      // Theirs is one click away.
      await banner(page).getByRole('button', { name: 'Compare with mine' }).click();
      await group.getByRole('radio', { name: /^Yours/ }).check();
      await dialog.getByRole('button', { name: 'Start from these' }).click();
      await expect.poll(async () => lf(await getFile(page, FILE))).toBe(theirs);
    });
  });
}
