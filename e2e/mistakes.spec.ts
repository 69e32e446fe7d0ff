import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { caseMessage, caseRow, openLesson, runAndWait, setFile } from './app.ts';
import { lessonById } from './course.ts';

/**
 * The mistakes whose diagnostics depend on the worker's realm (a Promise seen before the
 * request becomes JSON, a patched built-in, a logged stack) or on the sealed course the page
 * grades by, named in the browser as the catalogue names them in the CLI
 * (fixtures/<lesson>/solutions/solutions.json, graded by scripts/lesson-solutions.test.ts).
 */
const chosen = [
  ['the-while-loop', 'wrong-not-awaited'],
  ['the-while-loop', 'wrong-foreach-async'],
  ['the-while-loop', 'wrong-one-tool-turn'],
  ['parallel-tool-calls', 'wrong-patches-math-max'],
  ['parallel-tool-calls', 'wrong-patches-array-reverse'],
  ['steering', 'wrong-typed-as-assistant'],
  ['tool-errors', 'wrong-logs-the-error'],
  ['the-agent', 'wrong-not-awaited'],
  ['the-agent', 'wrong-forgets-reply-caught'],
] as const;

interface Mistake {
  solution: string;
  case: string;
  kind: string;
  says: string;
  console?: string;
}

const fixtures = join(import.meta.dirname, '..', 'fixtures');

for (const [lessonId, solution] of chosen) {
  test(`${lessonId} ${solution}: the page names the mistake as the CLI does`, async ({ page }) => {
    const lesson = lessonById(lessonId);
    const dir = join(fixtures, lessonId, 'solutions');
    const { wrong } = JSON.parse(readFileSync(join(dir, 'solutions.json'), 'utf8')) as {
      wrong: Mistake[];
    };
    const mistakes = wrong.filter((m) => m.solution === solution);
    expect(mistakes.length).toBeGreaterThan(0);
    await openLesson(page, lessonId);
    await setFile(page, lesson.entry, readFileSync(join(dir, `${solution}.ts`), 'utf8'));
    expect(await runAndWait(page)).toMatch(/^Failed/);
    for (const mistake of mistakes) {
      const row = caseRow(page, mistake.case);
      await expect(row).toHaveAttribute('data-kind', mistake.kind);
      expect(await caseMessage(page, mistake.case)).toContain(mistake.says);
      if (mistake.console) {
        await page.getByRole('tab', { name: /^Console/ }).click();
        await expect(page.locator('.case-detail').getByRole('tabpanel')).toContainText(
          mistake.console,
        );
      }
    }
  });
}
