import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Lesson } from '../../core/index.ts';
import type { CountingProxy } from './counting-proxy.ts';
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

/**
 * A fresh browser context. tsx compiles this file with esbuild's keepNames, so functions
 * sent to the page call a `__name` helper that only exists here: give the page a no-op one.
 */
export async function newContext(
  browser: Browser,
  serviceWorkers: 'allow' | 'block' = 'allow',
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
  });
  await context.addInitScript('globalThis.__name = (fn) => fn;');
  return context;
}

type Condition = 'editor' | 'run' | 'verdict';

/**
 * Watches the page from navigation: resolves with performance.now() at the first animation
 * frame where each condition held. With `press`, Run is clicked in that same frame once it is
 * enabled (a learner who presses it the moment they can), and `verdict` is awaited.
 * It is a function evaluated over the protocol, not a string, so the page's CSP (no eval)
 * does not stand in its way.
 */
export function whenInPage(
  page: Page,
  conditions: Condition[],
  press = false,
): Promise<Partial<Record<Condition, number>>> {
  return page.evaluate(
    ([which, pressRun]) =>
      new Promise<Partial<Record<string, number>>>((resolve, reject) => {
        // The Run control (the tutor has "Run it on the reference solution" buttons too).
        const runButton = () =>
          document.querySelector<HTMLButtonElement>('button[aria-keyshortcuts]') ?? undefined;
        const checks: Record<string, () => boolean> = {
          editor: () =>
            document.querySelector('.monaco-editor .view-lines') !== null &&
            window.__theinference?.lessonId() !== undefined,
          // Run can be pressed, and would run now: the bundler is up (the page says
          // "Preparing the bundler…" until esbuild.wasm is in and esbuild has started).
          run: () =>
            runButton()?.disabled === false && document.querySelector('.bundler-status') === null,
          verdict: () =>
            (times.run !== undefined || !pressRun) &&
            /^(Passed|Failed)/.test(document.querySelector('[role="status"]')?.textContent ?? ''),
        };
        const times: Partial<Record<string, number>> = {};
        const giveUp = setTimeout(
          () => reject(new Error(`not ${which.join('+')} in 60 s`)),
          60_000,
        );
        const tick = () => {
          const now = performance.now();
          for (const name of which) {
            if (times[name] === undefined && checks[name]?.()) {
              times[name] = now;
              if (name === 'run' && pressRun) runButton()?.click();
            }
          }
          if (which.some((name) => times[name] === undefined)) {
            return void requestAnimationFrame(tick);
          }
          clearTimeout(giveUp);
          resolve(times);
        };
        tick();
      }),
    [conditions, press] as const,
  );
}

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
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto(`${base}#/${lesson.id}`, { waitUntil: 'commit' });
    // Clicked in the page, in the frame Run is enabled: Playwright's own click would add its
    // round trips and actionability checks (~0.3 s on a busy page) to the learner's wait.
    const times = await whenInPage(page, ['editor', 'run', 'verdict'], true);
    editorReady.push(times.editor ?? NaN);
    runEnabled.push(times.run ?? NaN);
    firstVerdict.push(times.verdict ?? NaN);
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
 * `pauseMs` between runs stands for the learner reading a verdict before pressing Run again
 * (the page uses such idle time to get fresh workers ready); 0 presses Run back to back.
 */
export async function benchWarm(
  browser: Browser,
  base: string,
  lesson: Lesson,
  times: number,
  pauseMs: number,
): Promise<Summary> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await page.goto(`${base}#/${lesson.id}`);
  await whenInPage(page, ['editor', 'run']);
  for (const [path, text] of Object.entries(lesson.reference)) {
    if (!lesson.readOnly.includes(path)) {
      await page.evaluate(([p, t]) => window.__theinference?.setFile(p, t), [path, text] as const);
    }
  }
  const samples: number[] = [];
  for (let i = 0; i < times + 5; i++) {
    if (pauseMs > 0) await page.waitForTimeout(pauseMs);
    const ms = await page.evaluate(oneRun);
    if (i >= 5) samples.push(ms); // the first few warm the JIT and the caches
  }
  await context.close();
  return summarize(samples);
}

function oneRun(): Promise<number> {
  const status = document.querySelector('[role="status"]');
  const button = document.querySelector<HTMLButtonElement>('button[aria-keyshortcuts]');
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

function classify(path: string): AssetKind {
  if (path.endsWith('.wasm')) return 'esbuild-wasm';
  if (/ts\.worker/.test(path)) return 'ts-worker';
  if (/editor\.worker|EditorPane|monaco|codicon|tsMode|lspLanguage/i.test(path)) return 'monaco';
  return 'app';
}

function byKind(counts: Map<string, number>): Record<AssetKind, number> {
  const bytes: Record<AssetKind, number> = { app: 0, monaco: 0, 'ts-worker': 0, 'esbuild-wasm': 0 };
  for (const [path, n] of counts) bytes[classify(path)] += n;
  return bytes;
}

/** A first visit over a modest connection (20 Mbit/s down, 40 ms a request), played by the
 * proxy, so the order things arrive in shows: the editor should be usable before esbuild.wasm
 * is in. */
const FIRST_VISIT_NETWORK = { latencyMs: 40, bytesPerSecond: 20_000_000 / 8 };

export interface TransferFigures {
  /** What the page downloads on a first visit (the service worker blocked). */
  first: Record<AssetKind, number>;
  /** What the service worker's precache adds to a first visit. */
  precache: Record<AssetKind, number>;
  /** On the repeat visit, files the first visit had fetched too. */
  repeat: Record<AssetKind, number>;
  /** On the repeat visit, files the first visit never asked for. */
  repeatNew: Record<AssetKind, number>;
  /** On the first (throttled) visit, from navigation: when the editor was ready, and when Run
   * was enabled (esbuild.wasm downloaded and compiled). */
  editorReadyMs: number;
  runEnabledMs: number;
  /** The same on the repeat visit (a returning learner: everything cached, nothing throttled). */
  repeatEditorReadyMs: number;
  repeatRunEnabledMs: number;
}

/**
 * Bytes over the network by asset kind, on a first visit and on a repeat visit (same profile),
 * counted by a proxy in front of the server (`counted` is its base URL), so the requests of
 * workers count too. Each visit waits for the network to go quiet, so lazy assets are in.
 */
export async function benchTransfer(
  browser: Browser,
  counted: string,
  lesson: Lesson,
  proxy: CountingProxy,
): Promise<TransferFigures> {
  const context = await newContext(browser);
  const visit = async (throttled: boolean, on = context) => {
    proxy.take();
    const page = await on.newPage();
    proxy.throttle(throttled ? FIRST_VISIT_NETWORK : undefined);
    await page.goto(`${counted}#/${lesson.id}`, { waitUntil: 'commit' });
    const times = await whenInPage(page, ['editor', 'run']);
    const editorReadyMs = times.editor ?? NaN;
    const runEnabledMs = times.run ?? NaN;
    await page.waitForLoadState('networkidle');
    // Let late requests in (Monaco starts some workers only when a feature first needs one).
    await page.waitForTimeout(5_000);
    await page.close();
    proxy.throttle(undefined);
    return { paths: proxy.take().bytes, editorReadyMs, runEnabledMs };
  };
  // The same first visit without the service worker: what the page itself downloads. The
  // difference is the precache's cost (hashed files come from the HTTP cache: near nothing).
  const bare = await newContext(browser, 'block');
  const pageOnly = await visit(true, bare);
  await bare.close();
  const first = await visit(true);
  const repeat = await visit(false);
  await context.close();
  const precache = byKind(first.paths);
  for (const [kind, bytes] of Object.entries(byKind(pageOnly.paths))) {
    precache[kind as AssetKind] = Math.max(0, precache[kind as AssetKind] - bytes);
  }
  // "Downloaded again" is what both visits fetched; a file only the repeat visit asked for
  // (an on-demand worker the first visit never needed) is new, not a miss of the cache.
  const again = new Map([...repeat.paths].filter(([path]) => first.paths.has(path)));
  const fresh = new Map([...repeat.paths].filter(([path]) => !first.paths.has(path)));
  return {
    first: byKind(pageOnly.paths),
    precache,
    repeat: byKind(again),
    repeatNew: byKind(fresh),
    editorReadyMs: first.editorReadyMs,
    runEnabledMs: first.runEnabledMs,
    repeatEditorReadyMs: repeat.editorReadyMs,
    repeatRunEnabledMs: repeat.runEnabledMs,
  };
}
