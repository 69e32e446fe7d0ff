import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setFile } from './app.ts';
import { lessons, referenceToolCalls } from './course.ts';

for (const lesson of lessons) {
  test.describe(`lesson ${lesson.id}`, () => {
    test('the starter fails with a diagnostic', async ({ page }) => {
      await openLesson(page, lesson.id);
      expect(await runAndWait(page)).toMatch(/^Failed/);
      for (const c of lesson.cases) {
        const row = caseRow(page, c.name);
        await expect(row).toHaveAttribute(
          'data-status',
          c.starterPasses ? 'pass' : /^(fail|error)$/,
        );
        // The row shows what went wrong, not just a red mark.
        await expect(row.locator('.case-description')).not.toHaveText('');
      }
      await expect(page.locator('.diagnostic-message')).toBeVisible();
    });

    test('the reference solution passes, with the right transcript', async ({ page }) => {
      await openLesson(page, lesson.id);
      for (const [path, text] of Object.entries(lesson.reference)) await setFile(page, path, text);
      expect(await runAndWait(page)).toMatch(/^Passed/);
      const toolCalls = referenceToolCalls(lesson.id);
      for (const c of lesson.cases) {
        const row = caseRow(page, c.name);
        await expect(row).toHaveAttribute('data-status', 'pass');
        await expect(row).toHaveAttribute('data-turns', String(c.turns));
        await expect(row).toHaveAttribute('data-tool-calls', String(toolCalls[c.name]));
      }
      // The selected case's transcript shows one entry per turn and its summary line.
      const first = lesson.cases[0]!;
      await caseRow(page, first.name).getByRole('button').click();
      const transcript = page.getByRole('region', { name: `Transcript of ${first.name}` });
      await expect(transcript.locator('.turn')).toHaveCount(first.turns);
      await expect(transcript.locator('.tool-run')).toHaveCount(toolCalls[first.name] ?? -1);
      const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
      await expect(transcript.locator('.timeline-summary')).toContainText(
        `✓ ${plural(first.turns, 'turn')} · ${plural(toolCalls[first.name] ?? -1, 'tool call')}`,
      );
    });
  });
}
