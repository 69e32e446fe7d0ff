import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { editorReady, getFile, lf, runAndWait, setReference, setFile } from './app.ts';
import { lessonById } from './course.ts';
import { serviceWorkerInControl } from './offline-support.ts';
import { startStaticHost, type StaticHost } from './static-host.ts';
import { RENAMED } from './update-build.config.ts';

/**
 * The app deployed under a sub-path on a plain static host (`vite build --base /theinference/`),
 * service worker included, and a second deployment over it: a changed course and a new version
 * of the saved state. Both builds are made here, into node_modules/.cache.
 */
test.use({ serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const BASE = '/theinference/';
const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'node_modules', '.cache', 'theinference', 'e2e');
const BUILD_A = join(OUT, 'a');
const BUILD_B = join(OUT, 'b');
const lesson = lessonById(RENAMED.from);
const PORT = Number(process.env.E2E_PORT ?? 4173) + 3; // +1 is the API stand-in, +2 offline.spec

let host: StaticHost;

function build(outDir: string, ...args: string[]): void {
  execFileSync('npx', ['vite', 'build', '--base', BASE, '--outDir', outDir, ...args], {
    cwd: ROOT,
    stdio: 'ignore',
  });
}

test.beforeAll(async () => {
  test.setTimeout(600_000);
  build(BUILD_A);
  build(BUILD_B, '-c', 'e2e/update-build.config.ts');
  host = await startStaticHost(PORT, BASE, BUILD_A);
});

test.afterAll(async () => {
  await host?.close();
});

/** Every failed request and console error of the page, to expect none. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('response', (r) => void (r.status() >= 400 && seen.push(`${r.status()} ${r.url()}`)));
  page.on('console', (m) => void (m.type() === 'error' && seen.push(m.text())));
  return seen;
}

test('under a sub-path: every file found, the worker scoped to it, and offline after one visit', async ({
  page,
  context,
}) => {
  const seen = problems(page);
  await page.goto(`${host.url}#/${lesson.id}`);
  await editorReady(page, lesson.id);
  await setReference(page, lesson.reference);
  const online = await runAndWait(page);
  expect(online).toMatch(/^Passed/);
  await serviceWorkerInControl(page);
  const scope = await page.evaluate(
    async () => (await navigator.serviceWorker.getRegistration())?.scope,
  );
  expect(scope).toBe(host.url);
  // The logo and the favicon come from under the base too (they were linked as /favicon.svg).
  await expect
    .poll(() => page.locator('.brand img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    const response = await fetch(link?.href ?? '');
    const body = (await response.json()) as { icons: { src: string; purpose: string }[] };
    const icons = await Promise.all(
      body.icons.map(async (icon) => (await fetch(new URL(icon.src, response.url))).status),
    );
    return { url: response.url, icons, purposes: body.icons.map((i) => i.purpose) };
  });
  expect(manifest.url).toBe(`${host.url}manifest.webmanifest`);
  expect(manifest.icons.every((status) => status === 200)).toBe(true);
  expect(manifest.purposes).toContain('maskable');
  expect(seen).toEqual([]);

  await context.setOffline(true);
  await page.reload();
  await editorReady(page, lesson.id);
  expect(await runAndWait(page)).toBe(online);
  await context.setOffline(false);
});

test('a new deployment is offered, never forced; reloading into it keeps the work, and an old tab cannot overwrite it', async ({
  context,
}) => {
  host.deploy(BUILD_A);
  const page = await context.newPage();
  await page.goto(`${host.url}#/${lesson.id}`);
  await editorReady(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const draft = `${lf(await getFile(page, lesson.entry))}\n// my own line, across the update\n`;
  await setFile(page, lesson.entry, draft);
  await serviceWorkerInControl(page);
  const before = await page.evaluate(
    () => JSON.parse(localStorage.getItem('theinference:state') ?? '{}') as { version: number },
  );

  // The new version goes up; a second tab opened now still gets the version this tab runs
  // (one version at a time), and the browser fetches the new worker as it navigates.
  host.deploy(BUILD_B);
  const old = await context.newPage();
  await old.goto(`${host.url}#/the-while-loop`);
  await editorReady(old, 'the-while-loop');
  const banner = page.getByRole('region', { name: 'App update' });
  await expect(banner).toContainText('A new version is available — reload');
  await expect(old.getByRole('region', { name: 'App update' })).toContainText(
    'A new version is available',
  );
  // Offered, not forced: this tab still runs the old course with the learner's draft.
  expect(lf(await getFile(page, lesson.entry))).toBe(draft);

  await Promise.all([
    page.waitForEvent('load'),
    banner.getByRole('button', { name: 'Reload' }).click(),
  ]);
  // The new version opens the lesson last visited (in the other tab); the old address names a
  // lesson the new course renamed. The migration moved its draft and progress to the new id.
  await editorReady(page, 'the-while-loop');
  await page.goto(`${host.url}#/${RENAMED.to}`);
  await editorReady(page, RENAMED.to);
  await expect(page.getByRole('heading', { name: RENAMED.title })).toBeVisible();
  expect(lf(await getFile(page, lesson.entry))).toBe(draft);
  const saved = await page.evaluate(() =>
    JSON.parse(localStorage.getItem('theinference:state') ?? '{}'),
  );
  expect(saved.version).toBe(before.version + 1);
  expect(saved.state.progress[RENAMED.to].passed).toBe(true);
  expect(saved.state.drafts[RENAMED.from]).toBeUndefined();

  // The tab still running the old version heard the new one save: it stops saving, says why,
  // and what it types from now on cannot overwrite the newer state.
  const oldBanner = old.getByRole('region', { name: 'App update' });
  await expect(oldBanner).toContainText('This tab runs an older version of theinference');
  await setFile(old, 'src/loop.ts', '// typed in the old tab\n');
  const after = await page.evaluate(() => localStorage.getItem('theinference:state'));
  expect(JSON.parse(after ?? '{}')).toEqual(saved);

  // Leaving asks first (that edit exists only there); reloading brings it to the new version.
  const asked = new Promise<string>((resolve) =>
    old.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await oldBanner.getByRole('button', { name: 'Reload' }).click();
  expect(await asked).toBe('beforeunload');
  await editorReady(old, 'the-while-loop');
  await expect(old.getByRole('region', { name: 'App update' })).toHaveCount(0);
  await old.getByRole('button', { name: /Course map/ }).click();
  await expect(
    old.getByRole('dialog').getByRole('link', { name: new RegExp(RENAMED.title) }),
  ).toContainText('Passed');
});
