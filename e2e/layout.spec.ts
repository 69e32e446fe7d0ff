import { expect, test, type Page } from '@playwright/test';
import {
  caseRow,
  getFile,
  openLesson,
  runAndWait,
  runButton,
  setFile,
  variant,
  verdict,
} from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('the-while-loop');

/** The page's own scroll, and how far its content reaches past the viewport. */
function pageScroll(page: Page) {
  return page.evaluate(() => ({
    x: window.scrollX,
    y: window.scrollY,
    overflowX: document.documentElement.scrollWidth - window.innerWidth,
    overflowY: document.documentElement.scrollHeight - window.innerHeight,
  }));
}

/** The element lies wholly inside the viewport. */
async function onScreen(
  page: Page,
  name: string,
  box: { x: number; y: number; width: number; height: number } | null,
) {
  const viewport = page.viewportSize();
  expect(box, name).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${name} left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${name} top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${name} right`).toBeLessThanOrEqual(viewport.width + 0.5);
  expect(box.y + box.height, `${name} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
  [1024, 768],
] as const) {
  test(`at ${width}×${height} the page never scrolls: the lesson does, and Run stays put`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openLesson(page, lesson.id);
    await runAndWait(page);
    const text = page.getByRole('region', { name: 'Lesson text' });
    const box = await text.boundingBox();
    await page.mouse.move((box?.x ?? 0) + 40, (box?.y ?? 0) + 200);
    for (let i = 0; i < 15; i++) await page.mouse.wheel(0, 600);
    // The lesson scrolled inside its pane...
    await expect.poll(() => text.evaluate((e) => e.scrollTop)).toBeGreaterThan(1000);
    // ...and nothing else moved: no page scroll at all, the header, Run and the verdict in view.
    expect(await pageScroll(page)).toEqual({ x: 0, y: 0, overflowX: 0, overflowY: 0 });
    await onScreen(page, 'header', await page.getByRole('banner').boundingBox());
    await onScreen(page, 'Run', await runButton(page).boundingBox());
    await onScreen(page, 'verdict', await verdict(page).boundingBox());
    await onScreen(page, 'Reset', await page.getByRole('button', { name: 'Reset' }).boundingBox());
  });
}

test('at 1024 px nothing is clipped: the three columns, the header and the lesson fit', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLesson(page, lesson.id);
  await runAndWait(page);
  expect((await pageScroll(page)).overflowX).toBe(0);
  for (const name of ['Settings', 'Share', 'Run', 'Reset', 'Show solution']) {
    const button = page.getByRole('button', { name, exact: true }).first();
    await onScreen(page, name, await button.boundingBox());
  }
  await onScreen(page, 'the first case', await caseRow(page, lesson.cases[0]!.name).boundingBox());
  // No pane's content is wider than the pane (nothing cut off at its right edge).
  const clipped = await page.evaluate(() =>
    ['.lesson-scroll', '.results-scroll', '.editor-toolbar', '.editor-tabs-row', '.app-header']
      .map((s) => document.querySelector(s) as HTMLElement)
      .filter((e) => e.scrollWidth > e.clientWidth + 1)
      .map((e) => e.className),
  );
  expect(clipped).toEqual([]);
});

test('on a phone the panes are tabs, and a lesson can be read and run', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#/${lesson.id}`);
  const tabs = page.getByRole('tablist', { name: 'Workspace' });
  await expect(tabs.getByRole('tab', { name: 'Read' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { level: 1, name: lesson.title })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Code' }).click();
  await expect(page.locator('.monaco-editor').first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
    .toBe(lesson.id);
  await setFile(page, lesson.entry, lesson.reference[lesson.entry] ?? '');
  // Run is in the tab bar, and shows the results.
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Passed/);
  await expect(tabs.getByRole('tab', { name: /Results/ })).toHaveAttribute('aria-selected', 'true');
  await expect(caseRow(page, lesson.cases[0]!.name)).toBeVisible();
  expect(await pageScroll(page)).toEqual({ x: 0, y: 0, overflowX: 0, overflowY: 0 });
});

test('the columns resize by dragging or by keyboard, reset on double-click, and stay resized', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const divider = page.getByRole('separator', { name: 'Resize the lesson column' });
  const pane = page.locator('#pane-lesson');
  const before = (await pane.boundingBox())?.width ?? 0;
  await expect(divider).toHaveAttribute('aria-valuenow', '28');

  const box = await divider.boundingBox();
  const x = (box?.x ?? 0) + (box?.width ?? 0) / 2;
  const y = (box?.y ?? 0) + 100;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 128, y, { steps: 4 });
  await page.mouse.up();
  await expect
    .poll(async () => (await pane.boundingBox())?.width ?? 0)
    .toBeGreaterThan(before + 100);
  await expect(divider).toHaveAttribute('aria-valuenow', '38');

  await divider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(divider).toHaveAttribute('aria-valuenow', '36');

  await page.reload();
  await expect(divider).toHaveAttribute('aria-valuenow', '36');
  await divider.dblclick();
  await expect(divider).toHaveAttribute('aria-valuenow', '28');
  await expect.poll(async () => (await pane.boundingBox())?.width ?? 0).toBeCloseTo(before, 0);
});

test('the text size setting sizes the editor and the lesson, and is kept', async ({ page }) => {
  await openLesson(page, lesson.id);
  const lineHeight = () =>
    page
      .locator('.monaco-editor .view-line')
      .first()
      .evaluate((e) => e.getBoundingClientRect().height);
  const heading = page.getByRole('heading', { level: 1, name: lesson.title });
  const headingBefore = (await heading.boundingBox())?.height ?? 0;
  const linesBefore = await lineHeight();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('group', { name: 'Settings' }).getByLabel('Text size').selectOption('18');
  await expect.poll(lineHeight).toBeGreaterThan(linesBefore + 4);
  expect((await heading.boundingBox())?.height ?? 0).toBeGreaterThan(headingBefore);
  await page.reload();
  await expect.poll(lineHeight).toBeGreaterThan(linesBefore + 4);
});

test('a lesson opens at its first TODO, not at line 1', async ({ page }) => {
  await openLesson(page, lesson.id);
  const text = await getFile(page, lesson.entry);
  const todo = (text ?? '').split('\n').findIndex((line) => line.includes('TODO')) + 1;
  expect(todo).toBeGreaterThan(30);
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.cursor()))
    .toMatchObject({ file: lesson.entry, line: todo });
  const shown = await page.evaluate(() => window.__theinference?.visibleLines());
  expect(shown?.first).toBeGreaterThan(1);
  expect(shown?.last).toBeGreaterThanOrEqual(todo);
});

test('the diff table keeps its headers whole and wraps long values in their cells', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLesson(page, lesson.id);
  const long = 'a-long-value-without-spaces-'.repeat(12);
  await setFile(
    page,
    lesson.entry,
    variant(
      lesson.reference[lesson.entry],
      'const finalText = textOf(response.content);',
      `const finalText = textOf(response.content) + '${long}';`,
    ),
  );
  await runAndWait(page);
  const table = page.locator('.json-diff').first();
  await expect(table).toBeVisible();
  // Each header is one line of text: a range over it has one box per line it takes.
  const headers = await table.locator('th').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return { text: cell.textContent, lines: range.getClientRects().length };
    }),
  );
  for (const header of headers) expect(header, header.text ?? '').toMatchObject({ lines: 1 });
  // The long value wraps inside its cell (the table may scroll sideways, never a cell).
  const actual = table.locator('td.diff-actual').first();
  await expect(actual).toContainText(long.slice(0, 40));
  expect(await actual.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  expect(await actual.evaluate((e) => e.getBoundingClientRect().width)).toBeLessThan(400);
});
