import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { readFileSync } from 'node:fs';
import { loadCourse, startGrading } from '../core/index.ts';
import { createNodeHost, FIXTURES_DIR, readTree } from '../cli/node-host.ts';
import { editorReady, runButton, setReference } from './app.ts';
import { lessonById } from './course.ts';
import { requestsWith, script, STAND_IN_URL, uniqueKey } from './stand-in.ts';

/**
 * Live mode against the Messages API stand-in: the page's own SDK client makes each call (the
 * sandbox never sees the key), the timeline shows real latency and tokens, the wallet's guards
 * hold, the API's errors read clearly, and a session records as a case the lesson accepts.
 */

const agent = lessonById('the-agent');
const whileLoop = lessonById('the-while-loop');

const toolUse = (name: string, input: Record<string, unknown>, id = 'toolu_01LiveE2e') => ({
  reply: { content: [{ type: 'tool_use', id, name, input }] },
});
const text = (value: string) => ({ reply: { content: [{ type: 'text', text: value }] } });
const chicago = [
  toolUse('get_weather', { city: 'Chicago' }),
  text('It is 4°C in Chicago, windy with light rain.'),
];

const panel = (page: Page) => page.locator('.live-panel');
const status = (page: Page) => panel(page).getByRole('status');

/** Opens a lesson with its reference in the editor, points live mode at the stand-in. */
async function openLive(page: Page, lessonId: string, reference: Record<string, string>) {
  await page.goto(`/#/${lessonId}`);
  await editorReady(page, lessonId);
  await setReference(page, reference);
  await page.getByRole('checkbox', { name: 'Live' }).check();
}

async function giveKey(page: Page, key: string, remember = false) {
  const dialog = page.getByRole('dialog', { name: 'Your Anthropic API key' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('API key', { exact: true }).fill(key);
  if (remember) await dialog.getByRole('checkbox', { name: /Remember on this device/ }).check();
  await dialog.getByRole('button', { name: 'Use this key' }).click();
  await expect(dialog).toBeHidden();
}

async function useStandIn(page: Page) {
  await panel(page).getByText('Live settings').click();
  const base = panel(page).getByLabel('API base URL');
  await base.fill(STAND_IN_URL);
  await expect(base).toHaveValue(STAND_IN_URL);
}

async function runLive(page: Page): Promise<string> {
  await runButton(page).click();
  await expect(status(page)).toHaveText(/^(Passed|Failed|Stopped)/, { timeout: 30_000 });
  return (await status(page).textContent()) ?? '';
}

test('the weather agent runs live: the page makes each call, the timeline shows latency and tokens', async ({
  page,
}) => {
  const key = uniqueKey('agent');
  await script(key, chicago);
  const consoleText: string[] = [];
  page.on('console', (message) => consoleText.push(message.text()));
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  await expect(panel(page).getByLabel('Your question')).toHaveValue('Weather in Chicago?');

  expect(await runLive(page)).toMatch(
    /^Passed the live checks\. ✓ 2 turns · 1 tool call · \d+\.\d s$/,
  );
  const timeline = panel(page).locator('.timeline');
  await expect(timeline).toHaveAttribute('data-turns', '2');
  await expect(timeline.locator('.turn-tokens')).toHaveCount(2);
  await expect(timeline.locator('.timeline-summary')).toHaveText(
    /^✓ 2 turns · 1 tool call · \d+\.\d s$/,
  );
  await panel(page)
    .getByText(/^Console \(/)
    .click();
  await expect(panel(page).locator('.live-console pre')).toContainText(
    'turn 1 stop_reason="tool_use" → get_weather\nturn 2 stop_reason="end_turn"',
  );
  await expect(panel(page).locator('.live-checks li[data-ok="true"]')).toHaveCount(3);

  // The real SDK made the calls, from the page, as the API expects from a browser.
  const sent = await requestsWith(key);
  expect(sent).toHaveLength(2);
  for (const request of sent) {
    expect(request.headers['anthropic-version']).toBe('2026-10-21');
    expect(request.headers['anthropic-dangerous-direct-browser-access']).toBe('true');
    expect(request.headers.authorization).toBe(`Bearer …${key.slice(-4)}`);
    expect(request.headers.origin).toBe(new URL(page.url()).origin);
    expect(request.headers['x-stainless-lang']).toBe('js');
  }
  const usage = panel(page).getByTestId('run-tokens');
  await expect(usage).toHaveText(/^[1-9][\d,]* in · [1-9][\d,]* out$/);
  await expect(panel(page).getByTestId('session-tokens')).toHaveText(
    (await usage.textContent()) ?? '',
  );

  // The key is in memory only: not in storage, the page, the share link or the console.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  expect(stored).not.toContain(key);
  expect(await page.content()).not.toContain(key);
  expect(page.url()).not.toContain(key);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Share' }).click();
  const link = await page.getByLabel('Link to this code').inputValue();
  expect(link).not.toContain(key);
  expect(link).not.toContain(key.slice(7));
  expect(consoleText.join('\n')).not.toContain(key);
  expect(JSON.stringify(sent)).not.toContain(key);
});

test('a loop lesson runs live with its own tools, and the question is the learner’s', async ({
  page,
}) => {
  const key = uniqueKey('loop');
  await script(key, [toolUse('echo', { text: 'tide' }), text('It said tide.')]);
  await openLive(page, whileLoop.id, whileLoop.reference);
  await giveKey(page, key);
  await useStandIn(page);
  await panel(page).getByLabel('Your question').fill('Echo "tide" please.');
  expect(await runLive(page)).toMatch(/^Passed the live checks\. ✓ 2 turns · 1 tool call/);
  const [first, second] = await requestsWith(key);
  expect(first?.body).toMatchObject({
    messages: [{ role: 'user', content: 'Echo "tide" please.' }],
  });
  // The echo tool ran in the sandbox, and its result went back to the model.
  expect(JSON.stringify(second?.body)).toContain(
    '{"type":"tool_result","tool_use_id":"toolu_01LiveE2e","content":"tide"}',
  );
});

test('learner code that searches its whole realm for the key finds nothing', async ({ page }) => {
  const key = uniqueKey('realm');
  await script(key, [text('Searched.')]);
  // The program knows the key only reversed (so its own source does not hold it), and proves
  // its search works on a marker it hides in a global.
  const reversed = [...key].reverse().join('');
  const search = `import Anthropic from '@anthropic-ai/sdk';
const client = new Anthropic();
const wanted = [...${JSON.stringify(reversed)}].reverse().join('');
const marker = [...'rekram-lortnoc'].reverse().join('');
(globalThis as any).__hidden = { deep: [{ note: marker }] };
function search(needle: string): string[] {
  const seen = new Set<unknown>();
  const hits: string[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (typeof value === 'string') { if (value.includes(needle)) hits.push(path); return; }
    if (typeof value === 'function') { try { if (String(value).includes(needle)) hits.push(path + '()'); } catch {} }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return;
    if (seen.has(value) || depth > 6) return;
    seen.add(value);
    let names: (string | symbol)[] = [];
    try { names = Reflect.ownKeys(value as object); } catch { return; }
    for (const name of names) {
      let inner: unknown;
      try { inner = (value as any)[name]; } catch { continue; }
      visit(inner, path + '.' + String(name), depth + 1);
    }
    try { visit(Object.getPrototypeOf(value), path + '.__proto__', depth + 1); } catch {}
  };
  visit(globalThis, 'globalThis', 0);
  for (const extra of [String((self as any).location), String((self as any).name), JSON.stringify((performance as any).getEntries?.() ?? [])]) {
    if (extra.includes(needle)) hits.push('extra');
  }
  return hits;
}
async function storage(): Promise<string> {
  const found: string[] = [];
  try { found.push(JSON.stringify({ ...(globalThis as any).localStorage })); } catch { found.push('localStorage blocked'); }
  try { found.push(String(await (globalThis as any).caches?.keys())); } catch { found.push('caches blocked'); }
  try { found.push(JSON.stringify(await (globalThis as any).indexedDB?.databases?.())); } catch { found.push('indexedDB blocked'); }
  return found.join(' ');
}
export async function agent(prompt: string): Promise<string> {
  const reply = await client.messages.create({ model: 'claude-sonnet-5-5', max_tokens: 64, messages: [{ role: 'user', content: prompt }] });
  const text = JSON.stringify(reply);
  const inStorage = (await storage()).includes(wanted);
  console.log('SEARCH key=' + search(wanted).length + ' storage=' + inStorage + ' reply=' + text.includes(wanted) + ' marker=' + search(marker).length);
  return 'done';
}
`;
  await openLive(page, agent.id, { [agent.entry]: search });
  await giveKey(page, key, true);
  await useStandIn(page);
  expect(await runLive(page)).toMatch(/^Passed the live checks/);
  await panel(page)
    .getByText(/^Console \(/)
    .click();
  await expect(panel(page).locator('.live-console pre')).toHaveText(
    /^SEARCH key=0 storage=false reply=false marker=[1-9]\d*$/,
  );
  // Remembered on this device, by opt-in: in its own item, and nowhere else; Forget removes it.
  const items = await page.evaluate(() => ({ ...localStorage }));
  const holding = Object.entries(items).filter(([, value]) => value.includes(key));
  expect(holding.map(([name]) => name)).toEqual(['theinference:anthropic-api-key']);
  await panel(page).getByRole('button', { name: 'Forget key' }).click();
  expect(JSON.stringify(await page.evaluate(() => ({ ...localStorage })))).not.toContain(key);
  await expect(panel(page).getByText('No key yet.')).toBeVisible();
});

test('a request the API would refuse is refused on the page, and costs nothing', async ({
  page,
}) => {
  const key = uniqueKey('local');
  const wrong = (agent.reference[agent.entry] ?? '').replace(
    "const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];",
    "const messages: Anthropic.MessageParam[] = [{ role: 'assistant', content: prompt }];",
  );
  expect(wrong).toContain("role: 'assistant', content: prompt");
  await openLive(page, agent.id, { [agent.entry]: wrong });
  await giveKey(page, key);
  await useStandIn(page);
  expect(await runLive(page)).toMatch(/^Failed: Request #1 was refused before it was sent/);
  await expect(panel(page).locator('.live-result .diagnostic')).toContainText(
    'messages: first message must use the "user" role',
  );
  await expect(panel(page).locator('.rejection.invalid-request')).toContainText(
    'refused before it was sent',
  );
  expect(await requestsWith(key)).toHaveLength(0);
});

test('a bad key (401) says so, is forgotten, and the key is asked for again', async ({ page }) => {
  const key = uniqueKey('bad'); // never scripted: the stand-in does not accept it
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  await runButton(page).click();
  const dialog = page.getByRole('dialog', { name: 'Your Anthropic API key' });
  await expect(dialog).toContainText('The API did not accept the key (401 authentication_error)');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(status(page)).toHaveText(
    'Failed: Request #1 failed: 401 authentication_error: invalid x-api-key',
  );
  await expect(panel(page).locator('.api-error')).toContainText('HTTP 401 authentication_error');
  await expect(panel(page).getByText('No key yet.')).toBeVisible();
  expect(await requestsWith(key)).toHaveLength(1);
  // The code and the question are all still there.
  await expect(panel(page).getByLabel('Your question')).toHaveValue('Weather in Chicago?');
});

test('a rate limit (429) is retried as the SDK does, honouring retry-after, and shown', async ({
  page,
}) => {
  const key = uniqueKey('rate');
  const limited = { error: { status: 429, retryAfter: 0.2 } };
  await script(key, [limited, limited, ...chicago]);
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  expect(await runLive(page)).toMatch(/^Passed the live checks/);
  const retries = panel(page).locator('.turn[data-turn="1"] .turn-retries li');
  await expect(retries).toHaveText([
    'Attempt 1: HTTP 429 rate_limit_error; retried after 0.2 s (retry-after)',
    'Attempt 2: HTTP 429 rate_limit_error; retried after 0.2 s (retry-after)',
  ]);
  const sent = await requestsWith(key);
  expect(sent.map((r) => [r.status, r.headers['x-stainless-retry-count']])).toEqual([
    [429, '0'],
    [429, '1'],
    [200, '2'],
    [200, '0'],
  ]);
});

test('three 529s in a row end the run with a clear message, the key kept', async ({ page }) => {
  const key = uniqueKey('over');
  const overloaded = { error: { status: 529, retryAfter: 0.05 } };
  await script(key, [overloaded, overloaded, overloaded]);
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  expect(await runLive(page)).toBe('Failed: Request #1 failed: 529 overloaded_error: Overloaded');
  await expect(panel(page).locator('.api-error')).toContainText('The API is overloaded');
  await expect(panel(page).getByText('Key: kept in memory for this tab.')).toBeVisible();
});

test('Stop aborts the request in flight', async ({ page }) => {
  const key = uniqueKey('stop');
  await script(key, [{ delayMs: 60_000, ...text('too late') }]);
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  await runButton(page).click();
  await expect.poll(async () => (await requestsWith(key)).length).toBe(1);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText('Stopped. Stopped before it finished.');
  await expect.poll(async () => (await requestsWith(key))[0]?.aborted).toBe(true);
});

test('offline, live mode says it needs the network, and sends nothing', async ({ page }) => {
  const key = uniqueKey('offline');
  await script(key, chicago);
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  await page.context().setOffline(true);
  expect(await runLive(page)).toBe('Failed: the live run could not start.');
  await expect(panel(page).getByRole('alert')).toHaveText(
    /^This page is offline: live mode needs the network to reach the API\./,
  );
  await page.context().setOffline(false);
  expect(await requestsWith(key)).toHaveLength(0);
  await expect(panel(page).getByText('Key: kept in memory for this tab.')).toBeVisible();
});

test('the wallet limits stop a run before a call past them, and say so', async ({ page }) => {
  const key = uniqueKey('wallet');
  await script(key, chicago);
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  const calls = panel(page).getByLabel('Model calls per run');
  await expect(calls).toHaveValue('10');
  await expect(panel(page).getByLabel('Tokens per run')).toHaveValue('50000');
  await calls.fill('1');
  expect(await runLive(page)).toBe(
    "Stopped. Stopped before model call 2: the run's limit is 1 model call.",
  );
  expect(await requestsWith(key)).toHaveLength(1);
  await expect(panel(page).getByText('1 of 1 calls')).toBeVisible();
});

test('a live session records as a case the lesson loads, and the reference passes it', async ({
  page,
}) => {
  const key = uniqueKey('record');
  await script(key, chicago);
  await openLive(page, agent.id, agent.reference);
  await giveKey(page, key);
  await useStandIn(page);
  expect(await runLive(page)).toMatch(/^Passed the live checks/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Record as a case' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('the-agent-live-weather-in-chicago.zip');
  const zipped = unzipSync(readFileSync(await download.path()));
  const files = Object.fromEntries(Object.entries(zipped).map(([p, b]) => [p, strFromU8(b)]));
  expect(Object.keys(files).sort()).toEqual([
    'live-weather-in-chicago/case.json',
    'live-weather-in-chicago/cassette.json',
    'live-weather-in-chicago/expected.json',
  ]);
  const all = Object.values(files).join('\n');
  expect(all).not.toContain(key);
  expect(all).not.toMatch(/req_[A-Za-z0-9]/);

  // The lesson loader takes the folder as it is, as one more case of the lesson.
  const fixtures = readTree(FIXTURES_DIR);
  for (const [path, text] of Object.entries(files)) fixtures[`${agent.id}/cases/${path}`] = text;
  const loaded = loadCourse(fixtures);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
  const lesson = loaded.course.lessons.find((l) => l.id === agent.id);
  if (!lesson) throw new Error('no lesson');
  expect(lesson.cases.map((c) => c.name)).toContain('live-weather-in-chicago');
  const host = createNodeHost();
  try {
    const report = await startGrading(host, lesson, lesson.reference, {
      cases: ['live-weather-in-chicago'],
    }).result;
    expect(report.cases.map((c) => [c.name, c.status, c.message])).toEqual([
      ['live-weather-in-chicago', 'pass', 'Output matches.'],
    ]);
  } finally {
    host.close();
  }
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the key dialog and the live panel have no serious accessibility violations (${colorScheme})`, async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme });
    await page.goto(`/#/${agent.id}`);
    await editorReady(page, agent.id);
    await page.getByRole('checkbox', { name: 'Live' }).check();
    const dialog = page.getByRole('dialog', { name: 'Your Anthropic API key' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Use this key' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Enter your API key.');
    const serious = async () =>
      (await new AxeBuilder({ page }).analyze()).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await panel(page).getByText('Live settings').click();
    expect(await serious()).toEqual([]);
  });
}
