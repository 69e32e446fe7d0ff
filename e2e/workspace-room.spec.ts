import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import {
  caseRow,
  openLesson,
  openTutorChat,
  runAndWait,
  runButton,
  sayToTutor,
  setFile,
  verdict,
} from './app.ts';
import { mistakes } from './catalogue.ts';
import { lessonById } from './course.ts';

/** Issue 26: room for the code (3), a chat that reads (2), results that read whole (7). */
const lesson = lessonById('the-while-loop');
const wrong = (solution: string) => {
  const found = mistakes(lesson.id).find((m) => m.solution === solution);
  if (!found) throw new Error(`no ${solution} in the catalogue`);
  return found.text;
};
const WIDE = [
  [1440, 900],
  [1024, 768],
] as const;
const SCHEMES = ['light', 'dark'] as const;

async function noSeriousAxe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

async function shot(page: Page, info: TestInfo, name: string) {
  await info.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

const box = async (page: Page, selector: string) => {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} has no box`);
  return found;
};

/**
 * How far the editor's text reaches past the editor's width (it scrolls sideways): the track
 * of Monaco's horizontal scrollbar less its slider (a slider as long as its track: no scroll).
 */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector<HTMLElement>('.editor-frame .scrollbar.horizontal');
    const slider = bar?.querySelector<HTMLElement>('.slider');
    if (!bar) throw new Error('no editor');
    return slider && slider.offsetWidth > 0 ? bar.offsetWidth - slider.offsetWidth : 0;
  });

/** Opens the lesson; on a phone the editor mounts behind the Read tab. */
async function open(page: Page, width: number) {
  if (width >= 900) return openLesson(page, lesson.id);
  await page.goto(`/#/${lesson.id}`);
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
    .toBe(lesson.id);
}

/** Each colour scheme in turn: what colour changes is checked in both. */
async function inBothSchemes(page: Page, check: (scheme: string) => Promise<void>) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await check(colorScheme);
  }
}

for (const [width, height] of WIDE) {
  test(`at ${width}×${height} the code has the width: results below, lines wrapped, one toolbar line`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width, height });
    await openLesson(page, lesson.id);
    // The results sit under the code, and the editor has all the width right of the lesson.
    const code = await box(page, '#pane-code');
    const results = await box(page, '#pane-results');
    const lessonPane = await box(page, '#pane-lesson');
    expect(results.y).toBeGreaterThanOrEqual(code.y + code.height - 1);
    expect(Math.abs(results.x - code.x)).toBeLessThan(2);
    expect(code.width).toBeGreaterThanOrEqual(width - lessonPane.width - 8);
    // The starter's comments wrap: nothing is cut off at the editor's right edge.
    const lines = await page
      .locator('.editor-frame .view-line')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().right));
    const right = (await box(page, '.editor-frame .monaco-editor')).x + code.width;
    for (const r of lines) expect(r).toBeLessThanOrEqual(right + 1);
    // One long line does not scroll the others' starts away: there is no sideways scroll.
    await setFile(page, lesson.entry, `// ${'a long comment, '.repeat(40)}\nexport {};\n`);
    await expect.poll(() => sidewaysScroll(page)).toBe(0);
    // The toolbar is one line, with the shortcut hint.
    const tops = await Promise.all(
      ['Run', 'Stop', 'Share'].map(async (name) => {
        const b = await page.getByRole('button', { name, exact: true }).first().boundingBox();
        return Math.round((b?.y ?? 0) + (b?.height ?? 0) / 2);
      }),
    );
    expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
    await expect(runButton(page).locator('kbd')).toBeVisible();
    // The lesson's neighbours are named in full, never "The while l…".
    for (const link of await page
      .getByRole('navigation', { name: 'Lessons' })
      .getByRole('link')
      .all()) {
      expect(await link.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
    }
    await inBothSchemes(page, async (scheme) => {
      await shot(page, info, `workspace-${width}-${scheme}`);
      await noSeriousAxe(page);
    });
  });
}

test('the results can sit right of the code or fold to their verdict, and the choice is kept', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, wrong('wrong-dropped-assistant'));
  await runAndWait(page);
  const place = page.getByRole('group', { name: 'Place the results' });
  await place.getByRole('button', { name: 'Right' }).click();
  await expect(place.getByRole('button', { name: 'Right' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  let code = await box(page, '#pane-code');
  let results = await box(page, '#pane-results');
  expect(results.x).toBeGreaterThanOrEqual(code.x + code.width - 4);
  await expect(page.getByRole('separator', { name: 'Resize the results column' })).toBeVisible();
  await page.reload();
  await expect(place.getByRole('button', { name: 'Right' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Below, folded: the verdict stays (and is still the live region), the cases go, the code grows.
  await place.getByRole('button', { name: 'Below' }).click();
  await runAndWait(page);
  const codeOpen = (await box(page, '#pane-code')).height;
  const fold = page.getByRole('button', { name: 'Collapse the results' });
  await fold.click();
  await expect(page.getByRole('button', { name: 'Expand the results' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  await expect(page.locator('.results-scroll')).toBeHidden();
  await expect(verdict(page)).toBeVisible();
  code = await box(page, '#pane-code');
  results = await box(page, '#pane-results');
  expect(code.height).toBeGreaterThan(codeOpen + 100);
  expect(results.y).toBeGreaterThanOrEqual(code.y + code.height - 1);
  await page.reload();
  await expect(page.locator('.results-scroll')).toBeHidden();
  await expect(page.locator('.verdict')).toBeVisible();
  await page.getByRole('button', { name: 'Expand the results' }).click();
  await expect(page.locator('.results-scroll')).toBeVisible();

  // The divider between code and results moves by keyboard, and stays moved.
  const divider = page.getByRole('separator', { name: 'Resize the results panel' });
  await expect(divider).toHaveAttribute('aria-orientation', 'horizontal');
  const before = Number(await divider.getAttribute('aria-valuenow'));
  await divider.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(divider).toHaveAttribute('aria-valuenow', String(before + 4));
  await page.reload();
  await expect(divider).toHaveAttribute('aria-valuenow', String(before + 4));
  await divider.dblclick();
  await expect(divider).toHaveAttribute('aria-valuenow', String(before));
});

test('word wrap is a setting, and kept', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, `// ${'a long comment, '.repeat(40)}\nexport {};\n`);
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await page.getByRole('button', { name: 'Settings' }).click();
  const wrap = page.getByRole('checkbox', { name: 'Wrap long lines in the editor' });
  await expect(wrap).toBeChecked();
  await wrap.uncheck();
  await expect.poll(() => sidewaysScroll(page)).toBeGreaterThan(100);
  await page.reload();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(wrap).not.toBeChecked();
});

test('on a phone the two rows of tabs are named apart, and code wraps', async ({ page }, info) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/#/${lesson.id}`);
  const outer = page.getByRole('tablist', { name: 'Workspace' }).getByRole('tab');
  const inner = page.getByRole('tablist', { name: 'Lesson and tutor' }).getByRole('tab');
  await expect(outer).toHaveText(['Read', 'Code', 'Results']);
  await expect(inner).toHaveText(['Lesson', 'Tutor']);
  await inBothSchemes(page, (scheme) => shot(page, info, `phone-read-${scheme}`));
  await outer.filter({ hasText: 'Code' }).click();
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
    .toBe(lesson.id);
  await setFile(page, lesson.entry, `// ${'a long comment, '.repeat(40)}\nexport {};\n`);
  await expect.poll(() => sidewaysScroll(page)).toBe(0);
  await inBothSchemes(page, async (scheme) => {
    await shot(page, info, `phone-code-${scheme}`);
    await noSeriousAxe(page);
  });
});

for (const [width, height] of [...WIDE, [390, 844] as const]) {
  test(`at ${width}×${height} the tutor's messages stack, each as tall as what it says`, async ({
    page,
  }, info) => {
    await page.setViewportSize({ width, height });
    await open(page, width);
    await setFile(page, lesson.entry, wrong('wrong-dropped-assistant'));
    if (width < 900) {
      await page
        .getByRole('tablist', { name: 'Workspace' })
        .getByRole('tab', { name: 'Read' })
        .click();
    }
    await openTutorChat(page);
    const log = page.getByRole('log', { name: 'Conversation with the tutor' });
    const said = ['run it', 'why does the loop check stop_reason?', 'hint', 'why did it fail'];
    for (const [i, line] of said.entries()) {
      await sayToTutor(page, line);
      await expect
        .poll(() => log.locator('.chat-message.from-tutor').count())
        .toBeGreaterThanOrEqual(i + 1);
      // The run's summary is in before the next question.
      if (i === 0)
        await expect(log.locator('.chat-lines').first()).toBeVisible({ timeout: 30_000 });
    }
    const layout = await log.evaluate((element) => {
      const messages = [...element.querySelectorAll<HTMLElement>('.chat-message')];
      return {
        boxes: messages.map((m) => {
          const r = m.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, clipped: m.scrollHeight > m.clientHeight + 1 };
        }),
        // Anything inside a message (a heading, the "In your code" line, a button, a summary)
        // lies inside it: nothing is drawn over a neighbour.
        escaping: messages.flatMap((m) => {
          const outer = m.getBoundingClientRect();
          return [...m.querySelectorAll<HTMLElement>('*')]
            .filter((child) => !child.closest('.visually-hidden, .code-tick'))
            .filter((child) => {
              const r = child.getBoundingClientRect();
              return r.height > 0 && (r.top < outer.top - 1 || r.bottom > outer.bottom + 1);
            })
            .map(
              (child) => `${child.tagName}.${child.className}: ${child.textContent?.slice(0, 40)}`,
            );
        }),
        summaries: [...element.querySelectorAll<HTMLElement>('.chat-lines')].map(
          (pre) => pre.scrollHeight - pre.clientHeight,
        ),
      };
    });
    expect(layout.boxes.length).toBeGreaterThanOrEqual(8);
    for (const [i, b] of layout.boxes.entries()) {
      expect(b.clipped, `message ${i} is cut short`).toBe(false);
      const next = layout.boxes[i + 1];
      if (next)
        expect(next.top, `message ${i + 1} overlaps ${i}`).toBeGreaterThanOrEqual(b.bottom - 0.5);
    }
    expect(layout.escaping).toEqual([]);
    // The run's summary shows whole: no scroller of its own.
    expect(layout.summaries.length).toBeGreaterThan(0);
    for (const hidden of layout.summaries) expect(hidden).toBeLessThanOrEqual(1);
    await inBothSchemes(page, async (scheme) => {
      await shot(page, info, `chat-${width}-${scheme}`);
      await noSeriousAxe(page, '.tutor-chat');
    });
  });
}

/**
 * Opens the lesson at a size, with the results where `dock` says (right: as a learner who
 * chose it), and runs one of the catalogue's mistakes from the Code pane.
 */
async function runMistake(
  page: Page,
  [width, height]: readonly [number, number],
  dock: string,
  solution: string,
) {
  await page.setViewportSize({ width, height });
  await open(page, width);
  if (dock === 'right') await resultsRight(page);
  await setFile(page, lesson.entry, wrong(solution));
  if (width < 900) {
    await page
      .getByRole('tablist', { name: 'Workspace' })
      .getByRole('tab', { name: 'Code' })
      .click();
  }
  await runAndWait(page);
}

/** Puts the results on the right, as a learner who chose that does (the narrow case). */
async function resultsRight(page: Page) {
  await page
    .getByRole('group', { name: 'Place the results' })
    .getByRole('button', { name: 'Right' })
    .click();
}

for (const [width, height, dock] of [
  [1440, 900, 'below'],
  [1024, 768, 'below'],
  [1024, 768, 'right'],
  [390, 844, 'tabs'],
] as const) {
  test(`at ${width}×${height}, results ${dock}: a refusal reads whole, code as code, ids inside their box`, async ({
    page,
  }, info) => {
    await runMistake(page, [width, height], dock, 'wrong-dropped-assistant');
    // The verdict keeps the API's explanation, not only where it happened.
    const reason = page.locator('.verdict-reason');
    await expect(reason).toContainText(
      'Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    );
    if (dock === 'below') {
      expect(await reason.evaluate((e) => e.scrollHeight <= e.clientHeight + 1)).toBe(true);
    }
    // Backticks are drawn as code, and the backticks themselves are not drawn.
    await expect(reason.locator('code', { hasText: 'tool_use_id' })).toBeVisible();
    for (const tick of await reason.locator('.code-tick').all()) {
      expect((await tick.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    }
    // The tool_result's id stays inside its row of the transcript.
    await caseRow(page, 'echo').getByRole('button').click();
    const id = page.locator('.case-detail .sent-id').first();
    await expect(id).toBeVisible();
    const inside = await id.evaluate((e) => {
      const row = e.parentElement!.getBoundingClientRect();
      const r = e.getBoundingClientRect();
      return r.right <= row.right + 1 && e.scrollWidth <= e.clientWidth + 1;
    });
    expect(inside).toBe(true);
    await inBothSchemes(page, async (scheme) => {
      await shot(page, info, `refusal-${width}-${dock}-${scheme}`);
      await noSeriousAxe(page, '#pane-results');
    });
  });
}

for (const [width, height, dock] of [
  [1440, 900, 'below'],
  [1024, 768, 'right'],
  [390, 844, 'tabs'],
] as const) {
  test(`at ${width}×${height}, results ${dock}: a diff keeps each key whole and the expected output has room`, async ({
    page,
  }, info) => {
    await runMistake(page, [width, height], dock, 'wrong-trajectory-shape');
    await caseRow(page, 'echo').getByRole('button').click();
    const keys = page.locator('.case-detail .json-diff .diff-key');
    await expect(keys.first()).toBeVisible();
    const broken = await keys.evaluateAll((spans) =>
      spans.filter((span) => span.getClientRects().length > 1).map((span) => span.textContent),
    );
    expect(broken).toEqual([]);
    await expect(keys.filter({ hasText: 'trajectory[0]' }).first()).toBeVisible();
    await shot(page, info, `diff-${width}-${dock}`);
    await page.getByRole('tab', { name: 'Output' }).click();
    const expected = page.locator('.output-compare .json').first();
    await expect(expected).toBeVisible();
    // Room for a line of JSON: wider than a quarter of a phone, never ten characters.
    expect((await expected.boundingBox())?.width ?? 0).toBeGreaterThan(240);
    // Its lines as drawn, against its lines of text: wrapped lines are few, if any.
    const lines = await expected.evaluate((pre) => {
      const style = getComputedStyle(pre);
      const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
      const drawn = Math.round((pre.scrollHeight - padding) / parseFloat(style.lineHeight));
      return { drawn, text: (pre.textContent ?? '').trimEnd().split('\n').length };
    });
    expect(lines.drawn - lines.text).toBeLessThanOrEqual(2);
    await shot(page, info, `output-${width}-${dock}`);
  });
}

test('a thrown message is shown as text: its backticks become code, its markup stays letters', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const markup = '<img src=x onerror="window.__owned=1"><b>bold</b>';
  await setFile(
    page,
    lesson.entry,
    `${lesson.reference[lesson.entry]}\nthrow new Error('see \`${markup}\` here');\n`,
  );
  await runAndWait(page);
  const message = page.locator('.case-detail .diagnostic-message');
  await expect(message.locator('code').first()).toHaveText(`\`${markup}\``);
  expect(await page.locator('.case-detail img, .case-detail b, .verdict img').count()).toBe(0);
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
});
