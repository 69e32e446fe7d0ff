import { expect, test, type Page } from '@playwright/test';
import {
  caseRow,
  getFile,
  openLesson,
  runAndWait,
  runButton,
  setFile,
  setReference,
  variant,
  verdict,
} from './app.ts';
import { lessonById, lessons } from './course.ts';

const lesson = lessonById('the-while-loop');
const reference = lesson.reference[lesson.entry];
const outdated = (page: Page) => page.getByText('Code changed since this run.');

test('results say when the code has changed since they were graded, after an edit or a Reset', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await expect(outdated(page)).toHaveCount(0);

  // An edit: the verdict stays, said to be of the earlier code, and the results fade.
  await setFile(page, lesson.entry, `${reference}\n// an edit\n`);
  await expect(outdated(page)).toBeVisible();
  await expect(page.locator('.results-scroll')).toHaveClass(/\boutdated\b/);
  await expect(verdict(page)).toHaveText(/^Passed/);
  // Back to the graded text: current again.
  await setFile(page, lesson.entry, reference ?? '');
  await expect(outdated(page)).toHaveCount(0);

  // Reset is a change like any other.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(outdated(page)).toBeVisible();
  // The next Run is of the code as it is: no longer marked.
  await page.getByRole('button', { name: 'Run again' }).click();
  await expect(verdict(page)).toHaveText(/^Failed/);
  await expect(outdated(page)).toHaveCount(0);
  await expect(page.locator('.results-scroll')).not.toHaveClass(/\boutdated\b/);
});

test('a passed lesson says so on return, with its last verdict', async ({ page }) => {
  await openLesson(page, lesson.id);
  await expect(page.getByText('✓ Lesson passed')).toHaveCount(0);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  const other = lessons.find((l) => l.id !== lesson.id)!;
  await openLesson(page, other.id);
  await openLesson(page, lesson.id);
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByText('✓ Lesson passed')).toBeVisible();
  await expect(
    results.getByText(
      new RegExp(`^Your last run \\(just now\\): Passed: all ${lesson.cases.length} cases pass\\.`),
    ),
  ).toBeVisible();
  await expect(page.getByText(/^Not run yet/)).toHaveCount(0);

  // A reload keeps it (the summary is saved; the transcripts are not).
  await page.reload();
  await expect(results.getByText('✓ Lesson passed')).toBeVisible();
  await expect(results.getByText(/^Your last run/)).toBeVisible();
  await expect(caseRow(page, lesson.cases[0]!.name)).toHaveAttribute('data-status', 'pending');
});

test('the live region announces the first failing case and its reason', async ({ page }) => {
  await openLesson(page, lesson.id);
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(
    new RegExp(
      `^Failed: 0 of ${lesson.cases.length} cases pass\\. ${lesson.cases[0]!.name}: .*TODO: write the loop`,
    ),
  );
});

test('rows lead with the reason; a compile error is said once, above the cases', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  // finalText wrong everywhere: every case fails with a diff, hidden ones included. The visible
  // case and the hidden one whose finalText is prose of its own (its seal has a digest of it)
  // name it; the other hidden cases' seals hold only the whole output.
  await setFile(
    page,
    lesson.entry,
    variant(reference, 'const finalText = textOf(response.content);', "const finalText = 'nope';"),
  );
  expect(await runAndWait(page)).toMatch(/^Failed/);
  const named = ['echo', 'answer-in-two-blocks'];
  for (const c of lesson.cases) {
    const line = caseRow(page, c.name).locator('.case-description');
    await expect(line).toContainText(
      named.includes(c.name) ? 'finalText' : 'The output differs from the expected output.',
    );
    await expect(line).not.toContainText('Hidden case');
  }

  await setFile(page, lesson.entry, `${reference}\nconst broken = ;\n`);
  expect(await runAndWait(page)).toMatch(
    /^Failed: the code does not compile \(1 error\)\. src\/loop\.ts:\d+:\d+: /,
  );
  await expect(page.getByRole('region', { name: 'The code does not compile' })).toHaveCount(1);
  await expect(page.locator('.compile-errors li')).toHaveCount(1);
  for (const c of lesson.cases) {
    await expect(caseRow(page, c.name).locator('.case-description')).toHaveText(
      'Not run: the code does not compile (see above).',
    );
  }
  await expect(page.locator('.diagnostic')).toHaveCount(0);
});

test("TypeScript's errors are listed when a run fails, each a link to its line", async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const wrong = variant(
    reference,
    "if (response.stop_reason !== 'tool_use') {",
    "if (response.stopReason !== 'tool_use') {",
  );
  await setFile(page, lesson.entry, wrong);
  const line = wrong.split('\n').findIndex((l) => l.includes('response.stopReason')) + 1;
  // The language service starts after the first bundle: wait for its marker.
  await expect
    .poll(
      async () =>
        (await page.evaluate((p) => window.__theinference?.markers(p) ?? [], lesson.entry)).some(
          (m) => m.source !== 'run' && m.line === line,
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  const list = page.getByRole('region', { name: /^TypeScript reports \d+ errors? in your code$/ });
  await expect(list).toContainText("Property 'stopReason' does not exist");
  await list.getByRole('button', { name: new RegExp(`^Go to src/loop\\.ts:${line}:`) }).click();
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.cursor()))
    .toMatchObject({ file: lesson.entry, line });
  // Nothing to list once the code passes.
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await expect(list).toHaveCount(0);
});

test('one case runs on its own; the failed ones re-run, the others kept', async ({ page }) => {
  test.slow(); // four runs
  await openLesson(page, lesson.id);
  const [first, second] = [lesson.cases[0]!, lesson.cases[1]!];
  await setReference(page, lesson.reference);
  await runAndWait(page);
  // One case of changed code: it alone runs; the rest have not run on this code.
  await setFile(page, lesson.entry, `${reference}\n// changed\n`);
  await caseRow(page, second.name).getByRole('button').click();
  await page.getByRole('button', { name: 'Run this case' }).click();
  await expect(verdict(page)).toHaveText(
    `Passed: ${second.name} passes; ${lesson.cases.length - 1} cases not run on this code.`,
  );
  await expect(caseRow(page, second.name)).toHaveAttribute('data-status', 'pass');
  await expect(caseRow(page, first.name)).toHaveAttribute('data-status', 'pending');

  // Every tool_result in a user message of its own: only the cases with parallel calls fail.
  await setFile(
    page,
    lesson.entry,
    variant(
      reference,
      "messages.push({ role: 'user', content: results });",
      "for (const r of results) messages.push({ role: 'user', content: [r] });",
    ),
  );
  expect(await runAndWait(page)).toMatch(/^Failed/);
  const statuses = await page
    .locator('[data-case]')
    .evaluateAll((rows) =>
      rows.map((r) => [r.getAttribute('data-case'), r.getAttribute('data-status')]),
    );
  const failed = statuses.filter(([, status]) => status !== 'pass');
  expect(failed.length).toBeGreaterThan(0);
  expect(failed.length).toBeLessThan(lesson.cases.length);
  const rerun = page.getByRole('button', { name: /^Re-run the failed/ });
  await expect(rerun).toHaveText(
    failed.length === 1 ? 'Re-run the failed case' : `Re-run the failed ${failed.length} cases`,
  );
  await rerun.click();
  // The same code: the cases that passed are kept, not re-run, and the whole lesson is judged.
  for (const [name, status] of statuses) {
    const row = caseRow(page, name ?? '');
    if (status === 'pass') await expect(row).toHaveAttribute('data-carried', 'true');
    else await expect(row).not.toHaveAttribute('data-carried');
  }
  await expect(verdict(page)).toHaveText(
    new RegExp(
      `^Failed: ${lesson.cases.length - failed.length} of ${lesson.cases.length} cases pass\\.`,
    ),
  );
  expect(await getFile(page, lesson.entry)).toContain('for (const r of results)');
});
