import { expect, test, type Page } from '@playwright/test';
import { openLesson, runAndWait, setFile } from './app.ts';
import { mistakes } from './catalogue.ts';
import { lessonById, lessons } from './course.ts';

/** Issue 26.4: the editor's squiggles speak of the code on screen. */
const markers = (page: Page, path: string) =>
  page.evaluate((p) => window.__theinference?.markers(p) ?? [], path);

test('moving between lessons, untouched starter code has no false "Cannot find module"', async ({
  page,
}) => {
  const [first, second, third] = lessons;
  if (!first || !second || !third) throw new Error('the course has fewer than three lessons');
  await openLesson(page, first.id);
  for (const [lesson, checked] of [
    [second, /is declared but its value is never read/],
    [third, /Unreachable code detected|is declared but its value is never read/],
    [second, /is declared but its value is never read/],
  ] as const) {
    // In the app, as a learner moves: the lesson's own link, no reload.
    await page.evaluate((id) => (location.hash = `#/${id}`), lesson.id);
    await expect
      .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
      .toBe(lesson.id);
    // The language service has checked the starter (its hints are in)...
    await expect
      .poll(async () => (await markers(page, lesson.entry)).map((m) => m.message).join('\n'))
      .toMatch(checked);
    // ...and found every import.
    const messages = (await markers(page, lesson.entry)).map((m) => m.message);
    expect(messages.filter((m) => m.includes('Cannot find module'))).toEqual([]);
  }
});

test("a run's syntax-error marker goes when the learner edits that file", async ({ page }) => {
  const lesson = lessonById('the-while-loop');
  const broken = mistakes(lesson.id).find((m) => m.solution === 'wrong-syntax-error');
  if (!broken) throw new Error('no wrong-syntax-error in the catalogue');
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, broken.text);
  expect(await runAndWait(page)).toMatch(/^Failed: the code does not compile/);
  const fromRun = async () => (await markers(page, lesson.entry)).filter((m) => m.source === 'run');
  await expect.poll(async () => (await fromRun()).length).toBeGreaterThan(0);
  await setFile(page, lesson.entry, lesson.reference[lesson.entry] ?? '');
  await expect.poll(fromRun).toEqual([]);
  // The next run's markers go on again, the same as before.
  await setFile(page, lesson.entry, broken.text);
  expect(await runAndWait(page)).toMatch(/^Failed: the code does not compile/);
  await expect.poll(async () => (await fromRun()).length).toBeGreaterThan(0);
});
