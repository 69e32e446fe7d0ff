import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openLesson, runAndWait, setFile } from './app.ts';
import { lessons } from './course.ts';

const lesson = lessons[0]!;
const reference = lesson.reference[lesson.entry]!;

/** 1-based number of the first line containing `needle`. */
function lineOf(text: string, needle: string): number {
  const index = text.split('\n').findIndex((line) => line.includes(needle));
  if (index < 0) throw new Error(`"${needle}" is not in the text`);
  return index + 1;
}

test('a compile error is listed and marks the right line', async ({ page }) => {
  await openLesson(page, lesson.id);
  const lines = reference.split('\n');
  const target = lineOf(reference, 'await model(messages)');
  lines[target - 1] = lines[target - 1]!.replace('model(messages)', 'model(messages;');
  await setFile(page, lesson.entry, lines.join('\n'));

  expect(await runAndWait(page)).toMatch(/^Failed: the code does not compile/);
  const errors = page.getByRole('region', { name: 'The code does not compile' });
  await expect(
    errors.getByRole('button', { name: `Go to ${lesson.entry}:${target}:`, exact: false }),
  ).toBeVisible();
  await expect
    .poll(async () =>
      (await page.evaluate((p) => window.__theinference?.markers(p) ?? [], lesson.entry))
        .filter((m) => m.source === 'run')
        .map((m) => m.line),
    )
    .toEqual([target]);
});

test('a runtime error points at the line that threw, and the frame moves the cursor', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const starter = readFileSync(
    join(import.meta.dirname, '..', 'fixtures', lesson.id, 'starter', lesson.entry),
    'utf8',
  );
  const thrown = lineOf(starter, 'throw new Error');
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await expect(page.locator('.diagnostic-message')).toContainText(`${lesson.entry}:${thrown}:`);
  const frame = page.getByRole('button', { name: new RegExp(`^Go to ${lesson.entry}:${thrown}:`) });
  await frame.first().click();
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.cursor()))
    .toMatchObject({ file: lesson.entry, line: thrown });
});
