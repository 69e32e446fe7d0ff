import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { editorReady, getFile, lf, openLesson, runAndWait, setFile } from './app.ts';
import { lessonById } from './course.ts';

/** Carry your own code forward: the next lesson starts from the learner's passing code. */

const FILE = 'src/loop.ts';
const starterOf = (lessonId: string) =>
  readFileSync(join(import.meta.dirname, '..', 'fixtures', lessonId, 'starter', FILE), 'utf8');
const banner = (page: Page) => page.getByRole('region', { name: 'Where this lesson starts' });

/** A lesson's reference, written the learner's way: `find` replaced everywhere. */
function mine(lessonId: string, find: string, replace: string): string {
  const text = lessonById(lessonId).reference[FILE]!;
  expect(text).toContain(find);
  return text.replaceAll(find, replace);
}

test('the next lesson starts from the learner’s own passing code, and the course’s is one click away', async ({
  page,
}) => {
  const find =
    '  // The API remembers nothing between calls: the reply only counts once it is in the history.\n';
  const own = '  // My words: the reply goes onto the history before anything else.\n';
  const next = lessonById('the-while-loop');
  const starter = starterOf(next.id);
  const carried = starter.replace(find, own);
  expect(carried).not.toBe(starter);

  await openLesson(page, 'one-turn');
  await setFile(page, FILE, mine('one-turn', find, own));
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await page.getByRole('link', { name: `Next: ${next.title} →` }).click();
  await editorReady(page, next.id);

  // Their runOneTurn, as they wrote it, with this lesson's runLoop stub.
  await expect.poll(async () => lf(await getFile(page, FILE))).toBe(carried);
  await expect(banner(page)).toContainText('Started from your own code from “One turn”');
  const axe = await new AxeBuilder({ page }).include('.carry-forward').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

  await banner(page).getByRole('button', { name: "Use the course's version" }).click();
  await expect.poll(async () => lf(await getFile(page, FILE))).toBe(starter);
  await expect(banner(page)).toContainText('can carry on here');
  await banner(page).getByRole('button', { name: 'Start from my code' }).click();
  await expect.poll(async () => lf(await getFile(page, FILE))).toBe(carried);

  // It is the learner's draft now: a reload keeps it, and an edit ends the offer.
  await page.reload();
  await editorReady(page, next.id);
  expect(lf(await getFile(page, FILE))).toBe(carried);
  await setFile(page, FILE, `${carried}// more\n`);
  await expect(banner(page)).toHaveCount(0);
});

test('code that does not merge with the new stub: the lesson says so and starts from the course’s', async ({
  page,
}) => {
  const closing =
    '      return { finalText, trajectory, stopReason: response.stop_reason, turns };\n    }\n';
  const next = lessonById('bounding-the-loop');
  await openLesson(page, 'the-while-loop');
  await setFile(page, FILE, mine('the-while-loop', closing, `${closing}    console.log(turns);\n`));
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await page.getByRole('link', { name: `Next: ${next.title} →` }).click();
  await editorReady(page, next.id);

  await expect(banner(page)).toContainText(
    "Your passing code from “The while loop” and this lesson's new stub change the same lines",
  );
  expect(lf(await getFile(page, FILE))).toBe(starterOf(next.id));
});
