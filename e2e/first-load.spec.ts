import { expect, test } from '@playwright/test';
import { editorReady } from './app.ts';
import { lessons } from './course.ts';

test('first load stays on this machine, logs no errors, and the editor becomes ready', async ({
  page,
}) => {
  const external: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const local = ['localhost', '127.0.0.1'].includes(url.hostname);
    if (!local && url.protocol !== 'blob:' && url.protocol !== 'data:') external.push(url.href);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  await page.goto('/');
  const first = lessons[0]!;
  await expect(page).toHaveURL(new RegExp(`#/${first.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await editorReady(page, first.id);
  // The bundler warms up in the background, before any click.
  await expect(page.getByText('Preparing the bundler…')).toHaveCount(0);

  expect(external).toEqual([]);
  expect(problems).toEqual([]);
});

test('the course map lists every lesson with its state', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Course map/ }).click();
  const map = page.getByRole('dialog', { name: /agent loop/i });
  await expect(map).toBeVisible();
  for (const lesson of lessons) {
    await expect(map.getByRole('link', { name: new RegExp(lesson.title) })).toContainText(
      'Not started',
    );
  }
  await map.getByRole('link', { name: new RegExp(lessons[1]!.title) }).click();
  await expect(page).toHaveURL(new RegExp(`#/${lessons[1]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: lessons[1]!.title })).toBeVisible();
});

test('each lesson has a URL; back, forward and reload keep the place', async ({ page }) => {
  const [a, b] = [lessons[0]!, lessons[1]!];
  await page.goto(`/#/${a.id}`);
  await page.getByRole('link', { name: new RegExp(`Next lesson: ${b.title}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: a.title })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: b.title })).toBeVisible();
  await expect(page.getByText(`Lesson 2 / ${lessons.length}`, { exact: true })).toBeVisible();
});
