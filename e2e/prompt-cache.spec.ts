import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setReference } from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('prompt-caching');

test('a cached turn shows, as text, where its request put cache_control and what the cache did', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const name = 'fix-the-total';
  await caseRow(page, name).getByRole('button').click();
  const transcript = page.getByRole('region', { name: `Transcript of ${name}` });
  const cache = transcript.getByTestId('turn-cache');
  await expect(cache).toHaveCount(5);
  // The harness's mark on its system prompt, the loop's on the newest block, and the counts.
  await expect(cache.nth(0)).toHaveText(
    'prompt cache cache_control on system[0], messages[0].content[0] · 4 in · 806 cache write · 45 out',
  );
  await expect(cache.nth(1)).toHaveText(
    'prompt cache cache_control on system[0], messages[2].content[0] · 4 in · 806 cache read · 106 cache write · 44 out',
  );
});
