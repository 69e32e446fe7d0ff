import type { Browser, Page } from '@playwright/test';
import type { Lesson } from '../../core/index.ts';
import { newContext, whenInPage } from './browser.ts';
import { summarize, type Summary } from './stats.ts';

/**
 * Edit → Run → verdict, as a learner does it: one keystroke typed into Monaco (so the editor,
 * the draft's save to localStorage and the TypeScript worker all react as they do to typing),
 * Run pressed `gapMs` later, and the time from the press to the verdict in the DOM and to the
 * first frame painted after it. The file changes before every Run, so no bundle is reused.
 */
export interface EditRunOptions {
  runs: number;
  /** From the keystroke to the press of Run. */
  gapMs: number;
  /** From a verdict to the next keystroke (the learner reads the result). */
  pauseMs: number;
}

export interface EditRunFigures {
  /** Press of Run → the verdict's text in the live region (React has committed it). */
  verdict: Summary;
  /** Press of Run → the first frame after the verdict (laid out and painted). */
  painted: Summary;
  /** localStorage writes during one edit + run (the draft's save, the progress), time and count. */
  storageMs: Summary;
  storageWrites: Summary;
}

/** Counts time spent in localStorage writes, in every frame of the page (bench only). */
const STORAGE_TIMER = `(() => {
  const stats = { ms: 0, n: 0 };
  globalThis.__benchStorage = stats;
  const set = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    const t = performance.now();
    try { return set.call(this, key, value); }
    finally { stats.ms += performance.now() - t; stats.n++; }
  };
})();`;

const WARM_UP = 5;
/** What the keystrokes type, in a comment at the end of the loop's file: any letter will do. */
const KEYS = 'abcdefghijklmnopqrstuvwxyz';

/** Opens the lesson with its reference in the editor, the cursor at the end of a comment. */
export async function openForEditing(browser: Browser, base: string, lesson: Lesson) {
  const context = await newContext(browser);
  await context.addInitScript(STORAGE_TIMER);
  const page = await context.newPage();
  await page.goto(`${base}#/${lesson.id}`);
  await whenInPage(page, ['editor', 'run']);
  const editable = Object.keys(lesson.reference).filter((p) => !lesson.readOnly.includes(p));
  const typed = editable.find((p) => p.endsWith('loop.ts')) ?? editable[0];
  if (!typed) throw new Error(`${lesson.id} has no editable file`);
  for (const path of editable) {
    let text = lesson.reference[path] ?? '';
    // The cursor goes to the end of the file: a comment there takes any keystroke.
    if (path === typed) text = `${text.replace(/\n*$/, '')}\n// edits: `;
    await page.evaluate(([p, t]) => window.__theinference?.setFile(p, t), [path, text] as const);
  }
  await page.getByRole('tabpanel').locator('.monaco-editor textarea').first().focus();
  await page.keyboard.press('Control+End');
  return { context, page };
}

/** One keystroke, then Run, timed; the page must be open for editing (openForEditing). */
export async function editAndRun(page: Page, key: string, gapMs: number) {
  await page.keyboard.type(key);
  if (gapMs > 0) await page.waitForTimeout(gapMs);
  return page.evaluate(pressRunAndWait);
}

export async function benchEditRun(
  browser: Browser,
  base: string,
  lesson: Lesson,
  { runs, gapMs, pauseMs }: EditRunOptions,
): Promise<EditRunFigures> {
  const { context, page } = await openForEditing(browser, base, lesson);
  const verdict: number[] = [];
  const painted: number[] = [];
  const storageMs: number[] = [];
  const storageWrites: number[] = [];
  for (let i = 0; i < runs + WARM_UP; i++) {
    if (pauseMs > 0) await page.waitForTimeout(pauseMs);
    const before = await page.evaluate(() => ({ ...window.__benchStorage }));
    const times = await editAndRun(page, KEYS[i % KEYS.length] ?? 'x', gapMs);
    const after = await page.evaluate(() => ({ ...window.__benchStorage }));
    if (!times.passed) throw new Error(`an edited run did not pass: ${times.text}`);
    if (i < WARM_UP) continue; // the first few warm the JIT and the caches
    verdict.push(times.verdict);
    painted.push(times.painted);
    storageMs.push((after.ms ?? 0) - (before.ms ?? 0));
    storageWrites.push((after.n ?? 0) - (before.n ?? 0));
  }
  await context.close();
  return {
    verdict: summarize(verdict),
    painted: summarize(painted),
    storageMs: summarize(storageMs),
    storageWrites: summarize(storageWrites),
  };
}

declare global {
  interface Window {
    __benchStorage?: { ms?: number; n?: number };
  }
}

/**
 * In the page: presses Run, waits for the live region to say the new verdict (the run's phase
 * no longer "running"), then for the next frame to be painted (a task queued from the frame's
 * animation callback runs after that frame is produced).
 */
function pressRunAndWait(): Promise<{
  verdict: number;
  painted: number;
  passed: boolean;
  text: string;
}> {
  const status = document.querySelector<HTMLElement>('[role="status"]');
  const button = document.querySelector<HTMLButtonElement>('button[aria-keyshortcuts]');
  if (!status || !button) throw new Error('no Run button or status region');
  return new Promise((resolve) => {
    let started = 0;
    let running = false;
    const observer = new MutationObserver(() => {
      const phase = status.dataset.phase;
      if (phase === 'running') running = true;
      const text = status.textContent ?? '';
      if (!running || phase === 'running' || !/^(Passed|Failed)/.test(text)) return;
      observer.disconnect();
      const verdict = performance.now() - started;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          performance.mark('bench:painted');
          resolve({
            verdict,
            painted: performance.now() - started,
            passed: text.startsWith('Passed'),
            text,
          });
        };
        channel.port2.postMessage(null);
      });
    });
    observer.observe(status, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-phase'],
    });
    performance.mark('bench:click');
    started = performance.now();
    button.click();
    running = status.dataset.phase === 'running';
  });
}
