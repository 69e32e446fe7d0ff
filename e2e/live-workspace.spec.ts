import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCourse, startGrading } from '../core/index.ts';
import { createNodeHost, FIXTURES_DIR, readTree } from '../cli/node-host.ts';
import { editorReady, runButton, setReference } from './app.ts';
import { lessonById } from './course.ts';
import { requestsWith, script, STAND_IN_URL, uniqueKey } from './stand-in.ts';

/**
 * Live mode on a project (the capstone) against the Messages API stand-in: the run starts from
 * a visible case's files, the person answers each approval in the page (allow once, allow for
 * the session, deny with a reason; by keyboard too), the Files tab shows what the run changed,
 * and Record downloads a case with the project, the person's answers and the final tree.
 */

const capstone = lessonById('capstone');
const caseJson = (name: string, file: string): unknown =>
  JSON.parse(readFileSync(join(FIXTURES_DIR, 'capstone', 'cases', name, file), 'utf8'));
const replay = (name: string, strict: boolean) => [
  { cassette: caseJson(name, 'cassette.json'), strict },
];

const panel = (page: Page) => page.locator('.live-panel');
const status = (page: Page) => panel(page).getByRole('status');
const prompt = (page: Page) => panel(page).getByTestId('approval');

/** Opens the capstone with its reference, turns live mode on with `key`, at the stand-in. */
async function openLive(page: Page, key: string) {
  await page.goto(`/#/${capstone.id}`);
  await editorReady(page, capstone.id);
  await setReference(page, capstone.reference);
  await page.getByRole('checkbox', { name: 'Live' }).check();
  const dialog = page.getByRole('dialog', { name: 'Your Anthropic API key' });
  await dialog.getByLabel('API key', { exact: true }).fill(key);
  await dialog.getByRole('button', { name: 'Use this key' }).click();
  await expect(dialog).toBeHidden();
  await panel(page).getByText('Live settings').click();
  const base = panel(page).getByLabel('API base URL');
  await base.fill(STAND_IN_URL);
  await expect(base).toHaveValue(STAND_IN_URL);
}

test('the capstone runs live on a project: the person allows the edit by keyboard, Files shows the diff, Record saves the case', async ({
  page,
}) => {
  const key = uniqueKey('capstone');
  // Every request the page sends must be the recording's: live, the agent behaves as graded.
  await script(key, replay('fix-the-total', true));
  await openLive(page, key);
  await expect(panel(page).getByLabel('Project')).toHaveValue('fix-the-total');
  await expect(panel(page).getByLabel('Your question')).toHaveValue(
    'The cart tests fail. Find out why and fix it.',
  );
  await runButton(page).click();

  // The run stops at the edit and asks, showing what the edit would change.
  await expect(prompt(page)).toBeVisible({ timeout: 30_000 });
  await expect(prompt(page).getByRole('heading')).toHaveText('Allow edit_file on src/cart.ts?');
  await expect(prompt(page).getByLabel('What it would change')).toHaveText(
    '- sum + item.price, 0\n+ sum + item.price * item.quantity, 0\n',
  );
  await expect(status(page)).toHaveText('Waiting for you: allow edit_file?');
  await expect(prompt(page).getByRole('heading')).toBeFocused();
  const violations = await new AxeBuilder({ page })
    .include('[data-testid="approval"]')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  expect(violations.violations.map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(prompt(page).getByRole('button', { name: 'Allow once' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(status(page)).toHaveText(/^Passed the live checks\. ✓ 5 turns · 5 tool calls/, {
    timeout: 30_000,
  });
  await expect(prompt(page)).toBeHidden();
  expect((await requestsWith(key)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  await expect(panel(page).locator('.ask-run')).toHaveText([
    'user asked about edit_file src/cart.ts: allowed once',
  ]);

  await panel(page).getByRole('tab', { name: 'Files' }).click();
  await expect(panel(page).getByRole('tabpanel').locator('.workspace-summary')).toHaveText(
    '3 files · 1 changed by the run',
  );
  await expect(panel(page).getByLabel('Changes to src/cart.ts')).toContainText(
    '-   return items.reduce((sum, item) => sum + item.price, 0);\n+   return items.reduce((sum, item) => sum + item.price * item.quantity, 0);',
  );
  await panel(page).getByRole('tab', { name: 'Output' }).click();
  await expect(panel(page).getByRole('tabpanel')).toContainText('"tests": "2 passed"');
  await expect(panel(page).getByRole('tabpanel')).toContainText('"passed": true');

  // Record: the project as it started, the person's answer, and the tree as the run left it.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Record as a case' }).click(),
  ]);
  const zipped = unzipSync(readFileSync(await download.path()));
  const files = Object.fromEntries(Object.entries(zipped).map(([p, b]) => [p, strFromU8(b)]));
  const name = 'live-the-cart-tests-fail-find-out';
  expect(Object.keys(files).sort()).toEqual([
    `${name}/case.json`,
    `${name}/cassette.json`,
    `${name}/expected.json`,
  ]);
  const recorded = JSON.parse(files[`${name}/case.json`] ?? '{}') as { input: unknown };
  expect(recorded.input).toEqual(
    (caseJson('fix-the-total', 'case.json') as { input: unknown }).input,
  );
  expect(JSON.parse(files[`${name}/expected.json`] ?? '{}')).toEqual(
    caseJson('fix-the-total', 'expected.json'),
  );
  const fixtures = readTree(FIXTURES_DIR);
  for (const [path, text] of Object.entries(files)) fixtures[`capstone/cases/${path}`] = text;
  const loaded = loadCourse(fixtures, { only: ['capstone'] });
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const lesson = loaded.course.lessons[0]!;
  const host = createNodeHost();
  try {
    const report = await startGrading(host, lesson, lesson.reference, { cases: [name] }).result;
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual([
      [name, 'pass', 'Output matches.'],
    ]);
  } finally {
    host.close();
  }
});

test('the person allows a tool for the session and denies another with a reason; the model reads it', async ({
  page,
}) => {
  const key = uniqueKey('capdeny');
  await script(key, replay('project-instructions', false));
  await openLive(page, key);
  await panel(page).getByLabel('Project').selectOption('project-instructions');
  await expect(panel(page).getByLabel('Your question')).toHaveValue(
    'kmToMiles gives the wrong answer. Fix it.',
  );
  await runButton(page).click();

  await expect(prompt(page).getByRole('heading')).toHaveText('Allow edit_file on src/units.ts?', {
    timeout: 30_000,
  });
  await prompt(page).getByRole('button', { name: 'Allow for the session' }).click();
  await expect(prompt(page).getByRole('heading')).toHaveText('Allow write_file on CHANGELOG.md?');
  await prompt(page).getByRole('button', { name: 'Deny…' }).click();
  const reason = 'no changelog in this repository: it is generated at release';
  const field = prompt(page).getByLabel('Why not? The model reads your reason.');
  await expect(field).toBeFocused();
  await field.fill(reason);
  await field.press('Enter');

  await expect(status(page)).toHaveText(/^Passed the live checks/, { timeout: 30_000 });
  const sent = await requestsWith(key);
  const messages = (sent[5]?.body as { messages: { content: unknown }[] }).messages;
  expect(messages.at(-1)?.content).toEqual([
    {
      type: 'tool_result',
      tool_use_id: expect.any(String) as unknown as string,
      content: `The user denied write_file: ${reason}`,
      is_error: true,
    },
  ]);
  // The project's AGENTS.md reached the model: the chosen case's files were the run's.
  expect((sent[0]?.body as { system: string }).system).toContain('Instructions from AGENTS.md:');
  await expect(panel(page).locator('.ask-run')).toHaveText([
    'user asked about edit_file src/units.ts: allowed for the session',
    `user asked about write_file CHANGELOG.md: denied, "${reason}"`,
  ]);
  await panel(page).getByRole('tab', { name: 'Files' }).click();
  await expect(panel(page).getByRole('tabpanel').locator('.workspace-summary')).toHaveText(
    '3 files · 1 changed by the run',
  );
});

test('Stop while a question waits withdraws it, and the run ends stopped', async ({ page }) => {
  const key = uniqueKey('capstop');
  await script(key, replay('fix-the-total', true));
  await openLive(page, key);
  await runButton(page).click();
  await expect(prompt(page)).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await expect(status(page)).toHaveText(/^Stopped\./);
  await expect(prompt(page)).toBeHidden();
  expect(await requestsWith(key)).toHaveLength(3);
});
