import { expect, test } from '@playwright/test';
import {
  openLesson,
  runAndWait,
  runButton,
  setFile,
  setReference,
  variant,
  verdict,
} from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('the-while-loop');
const reference = lesson.reference[lesson.entry];

test('a huge wrong result renders a page at a time, and the page stays usable', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  // 20,000 trajectory entries where one is expected: 40 KB of output, 20,000 differences.
  await setFile(
    page,
    lesson.entry,
    variant(
      reference,
      'return { finalText, trajectory, stopReason: response.stop_reason, turns };',
      `const many = Array.from({ length: 20_000 }, (_, i) => ({ tool: 'echo', input: { text: String(i) } }));
      return { finalText, trajectory: many, stopReason: response.stop_reason, turns };`,
    ),
  );
  expect(await runAndWait(page)).toMatch(/^Failed/);
  // A bounded number of rows, whatever the grader reports, with the rest a click away.
  const rows = page.locator('.json-diff tbody tr');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(50);
  expect(await page.locator('.case-detail *').count()).toBeLessThan(2_000);
  await expect(page.getByRole('button', { name: /^Show \d+ more$/ }).first()).toBeVisible();
  // The page answers: another tab opens, the output is shown cut short, Run works again.
  await page.getByRole('tab', { name: 'Tutor' }).click();
  await expect(page.getByRole('tab', { name: 'Tutor' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Output' }).click();
  await expect(page.getByRole('button', { name: 'Show all' }).first()).toBeVisible();
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
});

test('after a file that breaks the bundler, the next Run of correct code passes', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const depth = 20_000;
  await setFile(
    page,
    lesson.entry,
    `${reference}\nexport const deep = ${'('.repeat(depth)}1${')'.repeat(depth)};\n`,
  );
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Failed/, { timeout: 30_000 });
  // esbuild itself broke (not a message about the code): said so, and it was restarted.
  // (Bundled as it was typed, the file can kill esbuild's Go program before Run asks for it.)
  await expect(page.locator('.compile-errors')).toContainText(
    /esbuild could not bundle this code \(Maximum call stack size exceeded\)|The bundler stopped/,
  );
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
});
