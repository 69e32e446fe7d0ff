import { expect, test } from '@playwright/test';
import { caseMessage, caseRow, openLesson, runAndWait, setFile } from './app.ts';
import { cliVerdict, mistakes } from './catalogue.ts';
import { cliCases, lessons } from './course.ts';

/**
 * One verdict, two hosts: for the same files, the page and `theinference test --json` agree
 * case by case (status and the kind of verdict), for every lesson's starter and reference,
 * and for every typical mistake in the lesson's catalogue, which both must name.
 */
for (const lesson of lessons) {
  for (const variant of ['starter', 'reference'] as const) {
    test(`${lesson.id} ${variant}: the browser agrees with the CLI`, async ({ page }) => {
      const cli = cliCases(lesson.id, variant);
      expect(cli.map((c) => c.name).sort()).toEqual(lesson.cases.map((c) => c.name).sort());
      await openLesson(page, lesson.id);
      if (variant === 'reference') {
        for (const [path, text] of Object.entries(lesson.reference))
          await setFile(page, path, text);
      }
      await runAndWait(page);
      const browser = [];
      for (const c of cli) {
        const row = caseRow(page, c.name);
        browser.push({
          name: c.name,
          status: await row.getAttribute('data-status'),
          kind: await row.getAttribute('data-kind'),
        });
      }
      expect(browser).toEqual(cli.map(({ name, status, kind }) => ({ name, status, kind })));
    });
  }

  const catalogue = mistakes(lesson.id);
  if (catalogue.length === 0) continue;
  test(`${lesson.id} catalogue: the browser names each mistake as the CLI does`, async ({
    page,
  }) => {
    // A run per mistake, one after the other in one page.
    test.setTimeout(180_000);
    await openLesson(page, lesson.id);
    for (const mistake of catalogue) {
      const cli = await cliVerdict(lesson.id, mistake.text);
      await setFile(page, lesson.entry, mistake.text);
      await runAndWait(page);
      for (const [name, says] of Object.entries(mistake.says)) {
        const graded = cli.find((c) => c.name === name);
        const row = caseRow(page, name);
        const message = await caseMessage(page, name);
        const browser = {
          status: await row.getAttribute('data-status'),
          kind: await row.getAttribute('data-kind'),
          // The page lists a compile error above the cases, without the CLI's "Compile error:".
          names: message.includes(says.replace(/^Compile error: /, '')),
        };
        const label = `${mistake.solution} on ${name}`;
        expect(graded?.message, label).toContain(says);
        expect(browser, label).toEqual({ status: graded?.status, kind: graded?.kind, names: true });
      }
    }
  });
}
