import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setReference, variant } from './app.ts';
import { lessons, parts } from './course.ts';

const lesson = lessons.find((l) => l.id === 'file-tools')!;

test('a case with a workspace shows its files, and a diff per file the run changed', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await caseRow(page, 'fix-greeting').getByRole('button').click();
  await page.getByRole('tab', { name: 'Files' }).click();
  const files = page.getByRole('list', { name: 'Workspace files' });
  await expect(page.locator('.workspace-summary')).toHaveText('2 files · 1 changed by the run');
  await expect(files.locator('li[data-kind="unchanged"]')).toContainText('README.md');
  const diff = page.getByLabel('Changes to src/greet.ts');
  await expect(diff.locator('.diff-removed')).toHaveText('-   return `Hello, ${name}`;');
  await expect(diff.locator('.diff-added')).toHaveText('+   return `Hello, ${name}!`;');
});

test("a wrong edit shows as the learner's own file, on a hidden case too", async ({ page }) => {
  await openLesson(page, lesson.id);
  const entry = lesson.reference['src/file-tools.ts'];
  await setReference(page, {
    ...lesson.reference,
    'src/file-tools.ts': variant(
      entry,
      'ws.write(input.path, parts.join(input.new_str));',
      'ws.write(input.path, text.replace(input.old_str, input.new_str));',
    ),
  });
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await caseRow(page, 'dollar-signs').getByRole('button').click();
  await expect(page.locator('.case-detail .diagnostic-message')).toHaveText(
    'The file src/price.ts, as the run left it, is wrong.',
  );
  await page.getByRole('tab', { name: 'Files' }).click();
  // `$$` went in as one `$`: the learner's file, not the expected one, is what shows.
  await expect(page.getByLabel('Changes to src/price.ts').locator('.diff-added')).toHaveText(
    '+   return `${(cents / 100).toFixed(2)}`;',
  );
});

test('the course map lists each part under its title', async ({ page }) => {
  await openLesson(page, lesson.id);
  await page.getByRole('button', { name: /Course map/ }).click();
  for (const part of parts) {
    const section = page.getByRole('region', { name: part.title });
    await expect(section.getByRole('heading', { name: part.title })).toBeVisible();
    await expect(section.getByRole('listitem')).toHaveCount(part.lessons.length);
  }
  await expect(
    page.getByRole('region', { name: 'Part two: a coding agent' }).getByRole('link'),
  ).toContainText([lesson.title]);
});
