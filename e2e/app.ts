import { expect, type Frame, type Page } from '@playwright/test';

/** Page helpers shared by the specs. They use the app's documented test hook for text. */

export async function openLesson(page: Page, lessonId: string): Promise<void> {
  await page.goto(`/#/${lessonId}`);
  await editorReady(page, lessonId);
}

/** Waits until Monaco is up and the test hook serves this lesson. */
export async function editorReady(page: Page, lessonId: string): Promise<void> {
  await expect(page.getByRole('tabpanel').locator('.monaco-editor').first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => window.__theinference?.lessonId() ?? null))
    .toBe(lessonId);
}

/** Sets a file's text through the editor model (typing into Monaco is not exact). */
export async function setFile(page: Page, path: string, text: string): Promise<void> {
  await page.evaluate(([p, t]) => window.__theinference?.setFile(p, t), [path, text] as const);
}

export async function getFile(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate((p) => window.__theinference?.getFile(p), path);
}

export function runButton(page: Page) {
  return page.getByRole('button', { name: 'Run', exact: true });
}

export function verdict(page: Page) {
  return page.getByRole('status');
}

/**
 * Clicks Run and waits for this run's finished verdict; returns its text. The live region's
 * text stays the last verdict until the run has taken a moment, and a quick run can be over
 * before a poll sees it go, so the page itself is asked to notice the region change (its
 * `data-phase` going to "running", or a verdict straight away), then the run end.
 */
export async function runAndWait(page: Page): Promise<string> {
  // Hidden too: on a phone the results are a tab of their own, shown by the press of Run.
  await page.getByRole('status', { includeHidden: true }).evaluate((region) => {
    const flags = window as unknown as { __verdictChanged?: boolean };
    flags.__verdictChanged = false;
    const observer = new MutationObserver(() => {
      flags.__verdictChanged = true;
      observer.disconnect();
    });
    observer.observe(region, {
      attributes: true,
      attributeFilter: ['data-phase'],
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await runButton(page).click();
  await expect
    .poll(() => page.evaluate(() => (window as { __verdictChanged?: boolean }).__verdictChanged))
    .toBe(true);
  await expect(verdict(page)).not.toHaveAttribute('data-phase', 'running');
  await expect(verdict(page)).toHaveText(/^(Passed|Failed)/);
  return (await verdict(page).textContent()) ?? '';
}

export function caseRow(page: Page, name: string) {
  return page.locator(`[data-case="${name}"]`);
}

/** Normalises line endings, so texts compare the same on every platform. */
export function lf(text: string | undefined): string | undefined {
  return text?.replace(/\r\n/g, '\n');
}

/** `text` with `from` replaced by `to`; throws if `from` is not there (the fixture moved on). */
export function variant(text: string | undefined, from: string, to: string): string {
  if (!text?.includes(from)) throw new Error(`the text no longer contains ${JSON.stringify(from)}`);
  return text.replace(from, to);
}

/** Sets every file of the lesson's reference solution. */
export async function setReference(page: Page, reference: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(reference)) await setFile(page, path, text);
}

/**
 * A case's whole message as the page shows it: a compile error once, above the cases; any
 * other in the case's detail (its row shows only the first line). Opens the detail if needed.
 */
export async function caseMessage(page: Page, name: string): Promise<string> {
  const row = caseRow(page, name);
  if ((await row.getAttribute('data-kind')) === 'compile') {
    return (await page.locator('.compile-errors').textContent()) ?? '';
  }
  const button = row.getByRole('button');
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  return (await page.locator('.case-detail .diagnostic-message').textContent()) ?? '';
}

/** Opens the tutor's tab, where the chat's input waits. */
export async function openTutorChat(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Tutor', exact: true }).click();
  await expect(page.getByLabel('Message to the tutor')).toBeVisible();
}

/** Types a line into the tutor's chat and sends it with Enter, as a keyboard user does. */
export async function sayToTutor(page: Page, text: string): Promise<void> {
  const input = page.getByLabel('Message to the tutor');
  await input.fill(text);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

/**
 * What code inside the runner frame can reach of the app: run in the frame, each attempt says
 * 'read' or the error's name. A sealed frame (sandboxed, opaque origin) gives `SEALED_FRAME`.
 */
export function runnerFrameReach(frame: Frame) {
  return frame.evaluate(() => {
    const attempt = (fn: () => unknown) => {
      try {
        fn();
        return 'read';
      } catch (error) {
        return (error as Error).name;
      }
    };
    return {
      parentDom: attempt(() => parent.document.title),
      localStorage: attempt(() => localStorage.length),
      indexedDB: attempt(() => indexedDB.open('theinference-secret')),
      serviceWorker: attempt(() => navigator.serviceWorker.controller),
      origin: self.origin,
    };
  });
}

/** No storage, no DOM of the app's, no service worker of its own: an opaque origin. */
export const SEALED_FRAME = {
  parentDom: 'SecurityError',
  localStorage: 'SecurityError',
  indexedDB: 'SecurityError',
  serviceWorker: 'SecurityError',
  origin: 'null',
};
