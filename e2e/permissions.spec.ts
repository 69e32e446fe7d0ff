import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setReference } from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('permissions');

test('a denied call never runs: the model gets the reason, and the file stays', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  // Allowed: the read and the edit both ran, and the file changed.
  await caseRow(page, 'approve-an-edit').getByRole('button').click();
  let transcript = page.getByRole('region', { name: 'Transcript of approve-an-edit' });
  await expect(transcript.locator('.tool-run')).toHaveCount(2);
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page.locator('.workspace-summary')).toHaveText('1 file · 1 changed by the run');

  // Denied: the call is answered with the user's reason (the transcript shows the result the
  // request sent, as no tool ran), and the file is as it was.
  await caseRow(page, 'deny-with-a-reason').getByRole('button').click();
  await page.getByRole('tab', { name: 'Transcript' }).click();
  transcript = page.getByRole('region', { name: 'Transcript of deny-with-a-reason' });
  await expect(transcript.locator('.tool-run')).toHaveCount(1);
  await expect(transcript.locator('.tool-run')).toContainText(
    'The user denied edit_file: the port is shared with the staging server; leave it',
  );
  await page.getByRole('tab', { name: 'Files' }).click();
  await expect(page.locator('.workspace-summary')).toHaveText('1 file · none changed by the run');
});
