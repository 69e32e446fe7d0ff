import { expect, test } from '@playwright/test';
import { editorReady, runAndWait } from './app.ts';
import { lessons } from './course.ts';

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
