import { expect, test, type Page } from '@playwright/test';
import { openLesson, setFile, variant, verdict } from './app.ts';
import { lessonById } from './course.ts';

/** Issue 26.8: Watch runs code that parses, after a pause, and drops a runaway run on typing. */
const lesson = lessonById('the-while-loop');
const reference = lesson.reference[lesson.entry];
/** In `runLoop`, which the harness calls (the first `model(messages)` is in `runOneTurn`). */
const anchor = 'turns++;';

/** Records every verdict the page announces, and when, from now on. */
async function recordVerdicts(page: Page) {
  await verdict(page).evaluate((region) => {
    const seen: { text: string; at: number }[] = [];
    (window as { __verdicts?: typeof seen }).__verdicts = seen;
    new MutationObserver(() => {
      const text = region.getAttribute('data-phase') === 'running' ? 'running' : region.textContent;
      if (text && seen.at(-1)?.text !== text) seen.push({ text, at: performance.now() });
    }).observe(region, { attributes: true, childList: true, subtree: true, characterData: true });
  });
}

const verdicts = (page: Page) =>
  page.evaluate(() => (window as { __verdicts?: { text: string; at: number }[] }).__verdicts ?? []);

test('Watch waits for code that parses: a half-typed line never runs, the finished one does', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await page.getByRole('checkbox', { name: 'Watch' }).check();
  await recordVerdicts(page);
  // `while (true` with no closing parenthesis or body: a syntax error, as typed so far.
  await setFile(page, lesson.entry, variant(reference, anchor, `while (true\n    ${anchor}`));
  // The language service has seen it (its squiggle is up), and a pause well past Watch's goes by.
  await expect
    .poll(() => page.evaluate((p) => window.__theinference?.markers(p), lesson.entry))
    .toContainEqual(expect.objectContaining({ message: expect.stringMatching(/expected/) }));
  await page.waitForTimeout(3_000);
  expect(await verdicts(page)).toEqual([]);
  // Finished, it parses: Watch runs it.
  await setFile(page, lesson.entry, reference ?? '');
  await expect(verdict(page)).toHaveText(/^Passed/, { timeout: 20_000 });
});

test('a runaway run Watch started stops the moment the learner types again', async ({ page }) => {
  await openLesson(page, lesson.id);
  await page.getByRole('checkbox', { name: 'Watch' }).check();
  await recordVerdicts(page);
  // What an editor leaves of `while (true) {` once it closes the brace: it parses, and never ends.
  await setFile(page, lesson.entry, variant(reference, anchor, `while (true) {}\n    ${anchor}`));
  await expect(verdict(page)).toHaveAttribute('data-phase', 'running', { timeout: 20_000 });
  const typedAt = await page.evaluate(() => performance.now());
  await setFile(page, lesson.entry, reference ?? '');
  await expect(verdict(page)).toHaveText(/^Passed/, { timeout: 20_000 });
  const seen = await verdicts(page);
  const texts = seen.map((v) => v.text);
  // Stopped, not waited out to the time limit; then the new code ran.
  expect(texts.some((t) => /^Stopped/.test(t))).toBe(true);
  expect(texts.some((t) => /Timed out|time limit/i.test(t))).toBe(false);
  const stopped = seen.find((v) => /^Stopped/.test(v.text));
  test.info().annotations.push({
    type: 'stop after typing (ms)',
    description: String(Math.round((stopped?.at ?? typedAt) - typedAt)),
  });
});
