import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setFile } from './app.ts';
import { cliCases, lessons } from './course.ts';

/**
 * One verdict, two hosts: for the same files, the page and `theinference test --json` agree
 * case by case (status and the kind of verdict), for every lesson's starter and reference.
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
}
