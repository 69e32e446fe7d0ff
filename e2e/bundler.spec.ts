import { expect, test } from '@playwright/test';
import {
  editorReady,
  openLesson,
  runAndWait,
  runButton,
  setFile,
  setReference,
  verdict,
} from './app.ts';
import { lessonById, lessons } from './course.ts';

test('when the bundler fails to load the page says so, and Retry recovers', async ({ page }) => {
  await page.route('**/*.wasm', (route) => route.abort());
  await page.goto(`/#/${lessons[0]!.id}`);
  const alert = page.getByRole('alert').filter({ hasText: 'The bundler failed to load' });
  await expect(alert).toBeVisible();
  await editorReady(page, lessons[0]!.id);

  await page.unroute('**/*.wasm');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(alert).toHaveCount(0);
  expect(await runAndWait(page)).toMatch(/^Failed/);
});

test('a Run of valid code pressed while a 20,000-deep expression kills esbuild passes', async ({
  page,
}) => {
  const lesson = lessonById('the-while-loop');
  await openLesson(page, lesson.id);
  const depth = 20_000;
  await setFile(
    page,
    lesson.entry,
    `${lesson.reference[lesson.entry]}\nexport const deep = ${'('.repeat(depth)}1${')'.repeat(depth)};\n`,
  );
  // The learner presses Run, then fixes the code and presses Run again while esbuild is still
  // dying of the first: the second build waited behind it, and a fresh esbuild makes it. Only
  // that Run can pass, and its verdict includes esbuild's restart.
  await runButton(page).click();
  await setReference(page, lesson.reference);
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Passed/, { timeout: 30_000 });
});
