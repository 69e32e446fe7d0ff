import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Lesson } from '../../core/index.ts';
import { summarize, type Summary } from './stats.ts';

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ARGS,
  });
}

/** Resolves, in the page, with performance.now() at the first frame where `ready` holds. */
function whenInPage(page: Page, ready: string): Promise<number> {
  return page
    .waitForFunction(`(${ready}) ? performance.now() : false`, undefined, {
      polling: 'raf',
      timeout: 60_000,
    })
    .then((handle) => handle.jsonValue() as Promise<number>);
}

const EDITOR_READY = `document.querySelector('.monaco-editor .view-lines') !== null && window.__theinference?.lessonId() !== undefined`;
const RUN_ENABLED = `(() => { const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim().startsWith('Run')); return b !== undefined && !b.disabled; })()`;
const VERDICT = `/^(Passed|Failed)/.test(document.querySelector('[role="status"]')?.textContent ?? '')`;

export interface ColdFigures {
  editorReady: Summary;
  runEnabled: Summary;
  firstVerdict: Summary;
}

/** Fresh context each time: navigation → editor ready, → Run enabled, → first verdict. */
export async function benchCold(browser: Browser, base: string, lesson: Lesson, times: number) {
  const editorReady: number[] = [];
  const runEnabled: number[] = [];
  const firstVerdict: number[] = [];
  for (let i = 0; i < times; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${base}#/${lesson.id}`, { waitUntil: 'commit' });
    const [editor, enabled] = await Promise.all([
      whenInPage(page, EDITOR_READY),
      whenInPage(page, RUN_ENABLED),
    ]);
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    firstVerdict.push(await whenInPage(page, VERDICT));
    editorReady.push(editor);
    runEnabled.push(enabled);
    await context.close();
  }
  return {
    editorReady: summarize(editorReady),
    runEnabled: summarize(runEnabled),
    firstVerdict: summarize(firstVerdict),
  };
}

/**
 * Warm runs of the lesson's reference: in the page, from the click on Run to the moment the
 * live region's text becomes the new verdict (measured with a MutationObserver).
 */
export async function benchWarm(
  browser: Browser,
  base: string,
  lesson: Lesson,
  times: number,
): Promise<Summary> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}#/${lesson.id}`);
  await whenInPage(page, `${EDITOR_READY} && ${RUN_ENABLED}`);
  for (const [path, text] of Object.entries(lesson.reference)) {
    if (!lesson.readOnly.includes(path)) {
      await page.evaluate(([p, t]) => window.__theinference?.setFile(p, t), [path, text] as const);
    }
  }
  const samples: number[] = [];
  for (let i = 0; i < times + 5; i++) {
    const ms = await page.evaluate(oneRun);
    if (i >= 5) samples.push(ms); // the first few warm the JIT and the caches
  }
  await context.close();
  return summarize(samples);
}

function oneRun(): Promise<number> {
  const status = document.querySelector('[role="status"]');
  const button = [...document.querySelectorAll('button')].find((b) =>
    b.textContent?.trim().startsWith('Run'),
  );
  if (!status || !button) throw new Error('no Run button or status region');
  return new Promise((resolve) => {
    let started = 0;
    let changed = false;
    const observer = new MutationObserver(() => {
      changed = true;
      if (/^(Passed|Failed)/.test(status.textContent ?? '')) {
        observer.disconnect();
        resolve(performance.now() - started);
      }
    });
    observer.observe(status, { childList: true, subtree: true, characterData: true });
    started = performance.now();
    button.click();
    void changed;
  });
}

export type AssetKind = 'app' | 'monaco' | 'ts-worker' | 'esbuild-wasm';

function classify(url: string): AssetKind {
  if (url.endsWith('.wasm')) return 'esbuild-wasm';
  if (/ts\.worker/.test(url)) return 'ts-worker';
  if (/editor\.worker|EditorPane|monaco|codicon|tsMode|lspLanguage/i.test(url)) return 'monaco';
  return 'app';
}

/** Bytes over the network by asset kind, on a first visit and on a repeat visit (same profile). */
export async function benchTransfer(browser: Browser, base: string, lesson: Lesson) {
  const context: BrowserContext = await browser.newContext();
  const visit = async () => {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const urls = new Map<string, string>();
    const bytes: Record<AssetKind, number> = {
      app: 0,
      monaco: 0,
      'ts-worker': 0,
      'esbuild-wasm': 0,
    };
    cdp.on('Network.responseReceived', (e) => urls.set(e.requestId, e.response.url));
    cdp.on('Network.loadingFinished', (e) => {
      const url = urls.get(e.requestId);
      if (url) bytes[classify(url)] += e.encodedDataLength;
    });
    await page.goto(`${base}#/${lesson.id}`);
    await whenInPage(page, `${EDITOR_READY} && ${RUN_ENABLED}`);
    // Let the TypeScript worker and anything lazy finish loading.
    await page.waitForLoadState('networkidle');
    await page.close();
    return bytes;
  };
  const first = await visit();
  const repeat = await visit();
  await context.close();
  return { first, repeat };
}
