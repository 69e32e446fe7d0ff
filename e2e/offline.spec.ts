import { join } from 'node:path';
import { expect, test, type BrowserContext } from '@playwright/test';
import {
  caseRow,
  editorReady,
  getFile,
  lf,
  openLesson,
  runAndWait,
  runnerFrameReach,
  SEALED_FRAME,
  setFile,
} from './app.ts';
import {
  LESSON_ID,
  LESSON_TITLE,
  PACK_ID,
  REFERENCE,
  unitPackFiles,
} from '../scripts/test-support/unit-pack.ts';
import { lessons } from './course.ts';
import { serviceWorkerInControl } from './offline-support.ts';
import { startStaticHost, type StaticHost } from './static-host.ts';

/**
 * Served as a static host serves it (e2e/static-host.ts, the README's Deploying), not by
 * `vite preview`, which marks every file no-cache: the runner frame, a sandboxed navigation no
 * service worker sees, comes offline from the HTTP cache that `assets/` is immutable in.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173) + 2; // +1 is the API stand-in
const DIST = join(import.meta.dirname, '..', 'dist');

/**
 * After one visit the service worker serves the whole app: with the network gone, a reload
 * opens the lesson, the editor comes up with the learner's draft and Run grades it as it did
 * online, in the sandboxed runner frame with its isolation intact.
 */
test.use({ serviceWorkers: 'allow', baseURL: `http://127.0.0.1:${PORT}` });

let host: StaticHost;
// One static host for the file's tests: they share its port, so they share one worker.
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => void (host = await startStaticHost(PORT, '/', DIST)));
test.afterAll(async () => await host?.close());

const [first, second] = [lessons[0]!, lessons[1]!];

/**
 * After a reload offline, Playwright's offline emulation may not reach the new document
 * (microsoft/playwright#42174): navigator.onLine says true there, seen in this spec. Setting it
 * to what it already is sends nothing, so it is set afresh, and the page hears "offline".
 */
async function freshOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

test('offline after one visit: the draft, the editor and the same verdict, in two lessons', async ({
  page,
  context,
}) => {
  // Online: a passing draft in the first lesson (its reference), a failing one in the second
  // (its starter), each with a line of the learner's own.
  const drafts: { lesson: (typeof lessons)[number]; text: string }[] = [];
  const online: string[] = [];
  for (const lesson of [first, second]) {
    await openLesson(page, lesson.id);
    if (lesson === first) {
      for (const [path, file] of Object.entries(lesson.reference)) await setFile(page, path, file);
    }
    const text = `${lf(await getFile(page, lesson.entry))}\n// mine, kept offline\n`;
    await setFile(page, lesson.entry, text);
    drafts.push({ lesson, text });
    online.push(await runAndWait(page));
  }
  expect(online[0]).toMatch(/^Passed/);
  expect(online[1]).toMatch(/^Failed/);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  for (const [index, { lesson, text }] of drafts.entries()) {
    await page.goto(`/#/${lesson.id}`);
    await page.reload();
    await editorReady(page, lesson.id);
    await freshOffline(context);
    await expect(page.getByRole('banner').getByText('Offline', { exact: true })).toBeVisible();
    expect(lf(await getFile(page, lesson.entry))).toBe(text);
    expect(await runAndWait(page)).toBe(online[index]);
  }
});

test('under the service worker and offline, the runner frame keeps its isolation', async ({
  page,
  context,
}) => {
  const lesson = lessons.find((l) => l.id === 'one-turn') ?? first;
  await openLesson(page, lesson.id);
  await serviceWorkerInControl(page);
  const findFrame = () => page.frames().find((f) => f.url().endsWith('/runner.html'));
  await expect.poll(() => findFrame()?.url()).toMatch(/\/assets\/[0-9a-f]+\/runner\.html$/);
  // The frame's policy as the host serves it, to find the very same one offline.
  const served = await (await page.request.get(findFrame()?.url() ?? '')).text();
  const policy = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(served)?.[1];
  expect(policy).toMatch(/^default-src 'none'; script-src 'sha256-/);
  await context.setOffline(true);
  await page.reload();
  await editorReady(page, lesson.id);

  const runner = page.locator('iframe[title="Code runner"]');
  await expect(runner).toHaveAttribute('sandbox', 'allow-scripts');
  await expect.poll(() => findFrame()?.url()).toMatch(/\/runner\.html$/);
  const frame = findFrame();
  if (!frame) throw new Error('no runner frame');
  await expect(frame.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    policy ?? '',
  );
  expect(await frame.locator('script[src], link[href], img[src]').count()).toBe(0);
  // An opaque origin: no storage, no DOM of the app's, and no service worker of its own.
  expect(await runnerFrameReach(frame)).toEqual(SEALED_FRAME);

  // Learner code cannot use the worker's cache as a way out either: the app's own files stay
  // out of its reach, from the cache or the network.
  const probe = [
    "import type { Message, Model, StopReason } from './types';",
    'export async function runOneTurn(messages: Message[], model: Model): Promise<{ text: string; stopReason: StopReason }> {',
    '  const g = globalThis as any;',
    '  const out: string[] = [];',
    "  try { await fetch(new URL('/index.html', g.location.href).href); out.push('fetch=sent'); } catch { out.push('fetch=blocked'); }",
    "  try { await g.caches.keys(); out.push('caches=open'); } catch { out.push('caches=blocked'); }",
    "  throw new Error('PROBE ' + out.join(' '));",
    '}',
    '',
  ].join('\n');
  await setFile(page, lesson.entry, probe);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await expect(caseRow(page, lesson.cases[0]!.name)).toContainText(
    'PROBE fetch=blocked caches=blocked',
  );
});

test('a course pack opened online opens offline, from the browser’s storage, and grades the same', async ({
  page,
  context,
}) => {
  await openLesson(page, 'one-turn');
  await page.getByRole('button', { name: /Course map/ }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Open course…' }).click();
  const buffer = Buffer.from(JSON.stringify({ files: unitPackFiles() }));
  await (await chooser).setFiles({ name: 'unit-tools.json', mimeType: 'application/json', buffer });
  const address = new RegExp(`#/@${PACK_ID}/${LESSON_ID}$`);
  await expect(page).toHaveURL(address);
  await editorReady(page, LESSON_ID);
  await setFile(page, 'src/convert.ts', REFERENCE);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await serviceWorkerInControl(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page).toHaveURL(address);
  await editorReady(page, LESSON_ID);
  await freshOffline(context);
  await expect(page.getByRole('banner').getByText('Offline', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: LESSON_TITLE })).toBeVisible();
  expect(lf(await getFile(page, 'src/convert.ts'))).toBe(REFERENCE);
  expect(await runAndWait(page)).toMatch(/^Passed/);
});
