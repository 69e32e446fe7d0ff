import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  caseRow,
  editorReady,
  openLesson,
  runAndWait,
  runButton,
  runnerFrameReach,
  SEALED_FRAME,
  setFile,
  variant,
  verdict,
} from './app.ts';
import { lessonById, referenceToolCalls } from './course.ts';
import { STAND_IN_URL } from './stand-in.ts';

/**
 * Learner code is hostile here: it tries to reach the network, the app's storage and DOM,
 * to forge a pass, and to flood or crash what runs it. Each attempt must fail, end with a
 * clear verdict, and leave the page working.
 */
const lesson = lessonById('one-turn');
const reference = lesson.reference[lesson.entry] ?? '';
const first = lesson.cases[0]!.name;
const fixtures = join(import.meta.dirname, '..', 'fixtures');

/** The lesson's file with `body` as the learner's function. */
function loop(body: string): string {
  return [
    "import type { Message, Model, StopReason } from './types';",
    'export async function runOneTurn(messages: Message[], model: Model): Promise<{ text: string; stopReason: StopReason }> {',
    '  const g = globalThis as any;',
    body,
    '}',
    '',
  ].join('\n');
}

/** A second local server, on another port, that counts every TCP connection made to it. */
async function listen(): Promise<{ port: number; connections: () => number; server: Server }> {
  let connections = 0;
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Content-Type', 'text/javascript');
    response.end('');
  });
  server.on('connection', (socket: Socket) => {
    connections++;
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections: () => connections, server };
}

async function stillResponsive(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Course map/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
}

test('no network API reaches another server', async ({ page, browser }) => {
  const target = await listen();
  try {
    const url = `http://127.0.0.1:${target.port}`;
    // Each attempt settles (resolves or fails) before the next, so when the verdict is in,
    // every request that could have been made has been.
    const probe = loop(`
  const results: string[] = [];
  const attempt = async (name: string, fn: () => unknown) => {
    try { await fn(); results.push(name + '=sent'); } catch { results.push(name + '=blocked'); }
  };
  const settle = (target: any, open: string) => new Promise((ok, no) => {
    target['on' + open] = ok;
    target.onerror = () => { target.close?.(); no(new Error('failed')); };
  });
  await attempt('fetch', () => fetch('${url}/fetch'));
  await attempt('fetch-no-cors', () => fetch('${url}/no-cors', { mode: 'no-cors' }));
  await attempt('xhr', () => { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr'); const done = settle(x, 'load'); x.send(); return done; });
  await attempt('xhr-sync', () => { const x = new XMLHttpRequest(); x.open('GET', '${url}/xhr-sync', false); x.send(); });
  await attempt('importScripts', () => g.importScripts('${url}/import.js'));
  await attempt('import', () => import(String('${url}/module.js')));
  await attempt('WebSocket', () => settle(new WebSocket('ws://127.0.0.1:${target.port}/ws'), 'open'));
  await attempt('EventSource', () => settle(new EventSource('${url}/events'), 'open'));
  await attempt('Worker', () => settle(new Worker('${url}/worker.js'), 'message'));
  await attempt('Image', () => { const image = new g.Image(); image.src = '${url}/image.png'; return settle(image, 'load'); });
  await attempt('sendBeacon', () => { if (!g.navigator.sendBeacon('${url}/beacon', 'x')) throw new Error('refused'); });
  throw new Error('PROBE ' + results.join(' '));`);
    await openLesson(page, lesson.id);
    await setFile(page, lesson.entry, probe);
    expect(await runAndWait(page)).toMatch(/^Failed/);
    const names = ['fetch', 'fetch-no-cors', 'xhr', 'xhr-sync', 'importScripts', 'import'];
    names.push('WebSocket', 'EventSource', 'Worker', 'Image', 'sendBeacon');
    await expect(caseRow(page, first)).toContainText(
      `PROBE ${names.map((n) => `${n}=blocked`).join(' ')}`,
    );
    expect(target.connections()).toBe(0);

    // Nor can the app's own page: its policy allows connections to its own origin, the API's
    // and the origins its build names (here the API stand-in's), and no other.
    const fromPage = await page.evaluate(
      (u) =>
        fetch(u).then(
          () => 'sent',
          () => 'blocked',
        ),
      url,
    );
    expect(fromPage).toBe('blocked');
    expect(target.connections()).toBe(0);

    // The counter works: a page with no policy reaches the server.
    const control = await browser.newPage();
    await control.goto(`${url}/control`);
    expect(target.connections()).toBeGreaterThan(0);
    await control.close();
  } finally {
    target.server.closeAllConnections();
    await new Promise((resolve) => target.server.close(resolve));
  }
});

test("learner code cannot read the app's storage or reach its DOM", async ({ page }) => {
  await openLesson(page, lesson.id);
  // Something of the app's own for it to look for.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('theinference-secret', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('secrets').put('s3cret', 'k');
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
        open.onerror = () => reject(open.error);
      }),
  );
  const probe = loop(`
  const out: string[] = [];
  for (const name of ['localStorage', 'sessionStorage', 'document', 'parent', 'top', 'opener']) {
    out.push(name + '=' + typeof g[name]);
  }
  out.push('origin=' + g.origin);
  try {
    const names = (await g.indexedDB.databases()).map((d: any) => d.name);
    out.push('databases=' + (names.includes('theinference-secret') ? 'app' : 'none'));
  } catch { out.push('databases=blocked'); }
  try {
    const db: any = await new Promise((ok, no) => {
      const open = g.indexedDB.open('theinference-secret');
      open.onsuccess = () => ok(open.result);
      open.onerror = () => no(open.error);
    });
    out.push('secrets=' + (db.objectStoreNames.contains('secrets') ? 'read' : 'none'));
    db.close();
  } catch { out.push('secrets=blocked'); }
  try { await g.caches.keys(); out.push('caches=open'); } catch { out.push('caches=blocked'); }
  throw new Error('PROBE ' + out.join(' '));`);
  await setFile(page, lesson.entry, probe);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await expect(caseRow(page, first)).toContainText(
    'PROBE localStorage=undefined sessionStorage=undefined document=undefined parent=undefined top=undefined opener=undefined origin=null',
  );
  await expect(caseRow(page, first)).not.toContainText('databases=app');
  await expect(caseRow(page, first)).not.toContainText('secrets=read');
  await expect(caseRow(page, first)).toContainText('caches=blocked');

  // The frame that owns the workers is sandboxed with an opaque origin: even code that got out
  // of a worker into it could not touch the page or the app's storage.
  const runner = page.locator('iframe[title="Code runner"]');
  await expect(runner).toHaveAttribute('sandbox', 'allow-scripts');
  const frame = page.frames().find((f) => f.url().endsWith('/runner.html'));
  if (!frame) throw new Error('no runner frame');
  expect(await runnerFrameReach(frame)).toEqual(SEALED_FRAME);
});

test('forged messages and replaced globals cannot turn a failing run into a pass', async ({
  page,
}) => {
  // The first case's exact expected output, printed without ever calling the model.
  const expected = JSON.stringify(
    JSON.parse(
      readFileSync(join(fixtures, lesson.id, 'cases', first, 'expected.json'), 'utf8'),
    ) as unknown,
  );
  const forger = loop(`
  // The worker's own postMessage is gone; were it there, the frame would not be listening.
  const post = (message: unknown) => { try { g.postMessage(message); } catch {} };
  // The worker runtime's own calls on the host (core/wire/worker-protocol.ts), and the frame's.
  post({ rpc: 'call', id: 0, method: 'output', arg: ${JSON.stringify(expected)} });
  post({ rpc: 'call', id: 0, method: 'done', arg: null });
  post({ type: 'result', status: 'pass' });
  post({ type: 'case', name: '${first}', status: 'pass', kind: 'pass' });
  post({ type: 'done', status: 'pass' });
  g.postMessage = () => undefined;
  JSON.stringify = () => '{}';
  JSON.parse = () => ({ status: 'pass' });
  console.log = () => { throw 'console replaced'; };
  return { text: 'forged', stopReason: 'end_turn' };`);
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, forger);
  // The verdict, then the first failing case and its reason.
  expect(await runAndWait(page)).toMatch(
    new RegExp(`^Failed: 0 of ${lesson.cases.length} cases pass\\. ${first}: `),
  );
  // Nothing it posted was taken as the harness's: the case ends on the frozen JSON's TypeError.
  await expect(caseRow(page, first)).toHaveAttribute('data-kind', 'runtime');
  await expect(caseRow(page, first)).toContainText(
    "Cannot assign to read only property 'stringify'",
  );
  for (const c of lesson.cases) {
    await expect(caseRow(page, c.name)).toHaveAttribute('data-status', /fail|error/);
  }
  await stillResponsive(page);
});

test("a case's global has no channel to the frame or to other workers, and its timers are fixed", async ({
  page,
}) => {
  const probe = loop(`
  const out: string[] = [];
  for (const name of ['postMessage', 'onmessage', 'onmessageerror', 'BroadcastChannel', 'SharedWorker', 'Worker', 'importScripts']) {
    out.push(name + '=' + typeof g[name]);
  }
  const owner = (name: string) => {
    let o = Object.getPrototypeOf(g);
    while (o && !Object.hasOwn(o, name)) o = Object.getPrototypeOf(o);
    return o;
  };
  for (const name of ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'queueMicrotask', 'structuredClone']) {
    const original = g[name];
    const swaps = [
      () => { g[name] = () => 0; },
      () => Object.defineProperty(g, name, { value: () => 0 }),
      () => { owner(name)[name] = () => 0; },
    ];
    const swapped = swaps.filter((swap) => { try { swap(); return true; } catch { return false; } });
    out.push(name + '=' + (g[name] === original && swapped.length === 0 ? 'fixed' : 'swapped'));
  }
  try { g.setTimeout('globalThis.ran = 1', 0); out.push('string-timer=taken'); } catch { out.push('string-timer=refused'); }
  throw new Error('PROBE ' + out.join(' '));`);
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, probe);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  const absent = ['postMessage', 'onmessage', 'onmessageerror', 'BroadcastChannel'];
  absent.push('SharedWorker', 'Worker', 'importScripts');
  const timers = ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'];
  timers.push('queueMicrotask', 'structuredClone');
  await expect(caseRow(page, first)).toContainText(
    `PROBE ${absent.map((n) => `${n}=undefined`).join(' ')} ${timers.map((n) => `${n}=fixed`).join(' ')} string-timer=refused`,
  );
});

test("a sequential loop that posts the harness's messages itself does not pass parallel-tool-calls", async ({
  page,
}) => {
  const parallel = lessonById('parallel-tool-calls');
  const sequential = readFileSync(
    join(fixtures, parallel.id, 'solutions', 'wrong-sequential.ts'),
    'utf8',
  );
  // Before its last return: the result a parallel loop prints (each reply's tools all running
  // at once), tool calls that never ran, and `done`, posted every way a worker could post.
  const forge = `
      const g = globalThis as any;
      const maxConcurrent = messages
        .map((m) => (Array.isArray(m.content) ? m.content.filter((b: any) => b.type === 'tool_use').length : 0))
        .filter((n) => n > 0);
      const json = JSON.stringify({ trajectory, finalText: textOf(response.content), maxConcurrent });
      const note = (method: string, arg: unknown) => ({ rpc: 'call', id: 0, method, arg });
      const forged = [
        ...Array.from({ length: 20 }, () => note('tool', { name: 'get_weather', input: { city: 'Forged' }, output: 'x', durationMs: 1 })),
        note('output', json),
        note('done', null),
      ];
      const ways = [
        (m: unknown) => g.postMessage(m),
        (m: unknown) => Object.getPrototypeOf(g).postMessage.call(g, m),
        (m: unknown) => g.dispatchEvent(new MessageEvent('message', { data: m })),
        (m: unknown) => g.dispatchEvent(new ErrorEvent('error', { message: String(m) })),
      ];
      for (const way of ways) for (const m of forged) { try { way(m); } catch {} }
      return { finalText: textOf(response.content), trajectory, stopReason: response.stop_reason, turns };`;
  const forger = variant(
    sequential,
    '      return { finalText: textOf(response.content), trajectory, stopReason: response.stop_reason, turns };',
    forge,
  );
  const toolCalls = referenceToolCalls(parallel.id);
  await openLesson(page, parallel.id);
  await setFile(page, parallel.entry, forger);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  for (const c of parallel.cases) {
    const row = caseRow(page, c.name);
    // Graded on what the harness printed; the transcript holds the tools that ran, no more.
    await expect(row).toHaveAttribute('data-status', 'fail');
    await expect(row).toHaveAttribute('data-tool-calls', String(toolCalls[c.name]));
  }
});

test('thrown values that are not Errors end the run with a verdict', async ({ page }) => {
  await openLesson(page, lesson.id);
  const throwers = [
    // Every trap throws: describing it must not throw again.
    'throw new Proxy({}, { get() { throw new Error("trap"); }, getPrototypeOf() { throw new Error("trap"); }, ownKeys() { throw new Error("trap"); } });',
    // Escapes every await: reported through the worker's error event.
    'setTimeout(() => { throw Symbol("escaped"); }); await new Promise(() => undefined);',
    'return Promise.reject(null);',
  ];
  for (const body of throwers) {
    await setFile(page, lesson.entry, loop(body));
    expect(await runAndWait(page)).toMatch(
      new RegExp(`^Failed: 0 of ${lesson.cases.length} cases pass\\. `),
    );
    await expect(caseRow(page, first)).toHaveAttribute('data-kind', 'runtime');
  }
  await stillResponsive(page);
});

test('floods end with a clear verdict and the page stays responsive', async ({ page }) => {
  await openLesson(page, lesson.id);
  const passing = reference.replace(
    'const response = await model(messages);',
    "for (let i = 0; i < 100_000; i++) console.log('line', i);\n  console.log('y'.repeat(1_000_000));\n  const response = await model(messages);",
  );
  expect(passing).not.toBe(reference);
  await setFile(page, lesson.entry, passing);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await stillResponsive(page);

  const floods: [string, string][] = [
    // Learner code has no channel of its own to the frame: a flood can only go through the
    // harness, and the cassette stops a loop of model calls.
    ['for (;;) void model(messages).catch(() => undefined);', 'The cassette is exhausted'],
    [
      'void model([{ role: "user", content: "x".repeat(5_000_000) }]); for (;;) {}',
      'Too much data',
    ],
    [
      'const response = await model(messages); return { text: "x".repeat(1_100_000), stopReason: response.stop_reason };',
      'The result is over 1000000 characters long.',
    ],
  ];
  for (const [body, message] of floods) {
    await setFile(page, lesson.entry, loop(body));
    expect(await runAndWait(page)).toMatch(/^Failed/);
    await expect(caseRow(page, first)).toContainText(message);
    await stillResponsive(page);
  }
});

test('a crashed sandbox gives a clear verdict and the next run passes', async ({ page }) => {
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, loop('while (true) {}'));

  // Playwright attaches to out-of-process frames and calls the whole page crashed when one of
  // them crashes, so from here on the test reads the page through its own DevTools session.
  // Both sessions are opened before Run, so the crash comes well inside the case's time limit
  // even on a loaded machine (else the time limit ends the run first).
  const cdp = await page.context().newCDPSession(page);
  const evaluate = async <T>(expression: string): Promise<T> =>
    (await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true }))
      .result.value as T;
  const frame = page.frames().find((f) => f.url().endsWith('/runner.html'));
  if (!frame) throw new Error('no runner frame');
  const frameSession = await page.context().newCDPSession(frame);
  await runButton(page).click();
  await expect(verdict(page)).toHaveText(/^Running/);
  // The crash takes the session with it: its reply never comes.
  void frameSession.send('Page.crash').catch(() => undefined);

  const status = `document.querySelector('[role="status"]').textContent`;
  await expect.poll(() => evaluate<string>(status)).toMatch(/^Failed/);
  expect(
    await evaluate<string>(`document.querySelector('[data-case="${first}"]').textContent`),
  ).toContain('SandboxCrashed: The sandbox running this code stopped responding');

  await evaluate(
    `window.__theinference.setFile(${JSON.stringify(lesson.entry)}, ${JSON.stringify(reference)})`,
  );
  await evaluate(`document.querySelector('button[aria-keyshortcuts]').click()`);
  await expect.poll(() => evaluate<string>(status)).toMatch(/^Passed/);
  expect(
    await evaluate<number>(`document.querySelectorAll('iframe[title="Code runner"]').length`),
  ).toBe(1);
});

test('a sandbox that cannot start says so, and the next Run tries a new one', async ({ page }) => {
  // The frame's document loads, its script does not run: it never says it is ready.
  await page.route('**/runner.html', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>no script</title>' }),
  );
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, reference);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  // Reported as what it is, not as the case timing out (5 s) before the frame's own limit.
  await expect(caseRow(page, first)).toContainText('SandboxUnavailable: The sandbox');
  await expect(caseRow(page, first)).not.toContainText('Timed out');
  await expect(page.locator('iframe[title="Code runner"]')).toHaveCount(0);

  await page.unroute('**/runner.html');
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await expect(page.locator('iframe[title="Code runner"]')).toHaveCount(1);
});

test('the app and the runner frame carry their policies, and a run violates neither', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const response = await page.goto(`/#/${lesson.id}`);
  expect(response?.headers()['content-security-policy']).toBe("frame-ancestors 'self'");
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data:; img-src 'self' data:; connect-src 'self' https://api.anthropic.com ${STAND_IN_URL}; frame-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'`,
  );
  await editorReady(page, lesson.id);
  await setFile(page, lesson.entry, reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  const frame = page.frames().find((f) => f.url().endsWith('/runner.html'));
  if (!frame) throw new Error('no runner frame');
  // One inline script, allowed by its hash, and nothing from anywhere: the frame is one
  // navigation with no subresource, and has no network at all.
  await expect(frame.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    'content',
    /^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/]+=*' blob: 'unsafe-eval'; worker-src blob:; connect-src 'none'; base-uri 'none'; form-action 'none'$/,
  );
  expect(await frame.locator('script[src], link[href], img[src]').count()).toBe(0);
  for (const context of [page.mainFrame(), frame]) {
    expect(
      await context.evaluate(() => (window as unknown as { violations: string[] }).violations),
    ).toEqual([]);
  }
  expect(errors).toEqual([]);
});
