import { expect, test, type Page } from '@playwright/test';
import { unzipSync, strFromU8 } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readCassette } from '../core/index.ts';
import type { Cassette } from '../core/lesson/schema.ts';
import { editorReady, runButton, setReference } from './app.ts';
import { lessonById } from './course.ts';
import { requestsWith, script, STAND_IN_URL, uniqueKey } from './stand-in.ts';

/**
 * Live mode streaming, against the Messages API stand-in, which serves streaming-replies'
 * recorded streams as server-sent events at their recorded pace: the page shows the reply's
 * text as it arrives, the transcript keeps the live stream, Record writes a stream cassette,
 * and Stop aborts a stream in flight.
 */
const lesson = lessonById('streaming-replies');
const chicago = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', 'fixtures', lesson.id, 'cases', 'chicago', 'cassette.json'),
    'utf8',
  ),
) as Cassette;
const answerText = (() => {
  const block = chicago.calls[1]?.response.content[0];
  return block?.type === 'text' ? block.text : '';
})();

const panel = (page: Page) => page.locator('.live-panel');
const status = (page: Page) => panel(page).getByRole('status');
const streaming = (page: Page) =>
  panel(page).getByRole('region', { name: 'The reply as it streams' });

async function openLive(page: Page, key: string) {
  await page.goto(`/#/${lesson.id}`);
  await editorReady(page, lesson.id);
  await setReference(page, lesson.reference);
  await page.getByRole('checkbox', { name: 'Live' }).check();
  const dialog = page.getByRole('dialog', { name: 'Your Anthropic API key' });
  await dialog.getByLabel('API key', { exact: true }).fill(key);
  await dialog.getByRole('button', { name: 'Use this key' }).click();
  await expect(dialog).toBeHidden();
  await panel(page).getByText('Live settings').click();
  await panel(page).getByLabel('API base URL').fill(STAND_IN_URL);
}

test('a live stream shows its text as it arrives, and records as a stream cassette', async ({
  page,
}) => {
  const key = uniqueKey('stream');
  await script(key, [{ cassette: chicago }]);
  await openLive(page, key);
  // Every text the streaming reply shows, as the page renders it: polling from the test could
  // miss a piece that a busy machine shows for less than a poll's round trip.
  await panel(page).evaluate((live) => {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const region = live.querySelector('[aria-label="The reply as it streams"]');
      const shown = region?.textContent ?? '';
      if (shown && seen.at(-1) !== shown) seen.push(shown);
    }).observe(live, { subtree: true, childList: true, characterData: true });
  });
  await runButton(page).click();
  await expect(status(page)).toHaveText(/^Passed the live checks/, { timeout: 30_000 });
  await expect(streaming(page)).toHaveCount(0);
  // The answer appeared piece by piece while the rest was on its way: longer and longer
  // beginnings of it, each shown before the next arrived.
  const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
  const growing = seen.filter((shown) => answerText.startsWith(shown));
  expect(growing.length).toBeGreaterThanOrEqual(3);
  expect(growing.at(-1)).toBe(answerText);
  growing.forEach((shown, i) => expect(shown.length).toBeGreaterThan(growing[i - 1]?.length ?? 0));
  const sent = await requestsWith(key);
  expect(sent.map((r) => [r.status, (r.body as { stream?: unknown }).stream])).toEqual([
    [200, true],
    [200, true],
  ]);
  // The transcript replays the live stream, event by event.
  const stream = panel(page).getByRole('region', { name: 'Stream of turn 2' });
  await expect(stream.locator('.stream-text')).toHaveText(answerText);
  await stream.getByRole('slider', { name: 'Events shown' }).focus();
  await page.keyboard.press('Home');
  await expect(stream.locator('.content-blocks li')).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel(page).getByRole('button', { name: 'Record as a case' }).click(),
  ]);
  const zipped = unzipSync(readFileSync(await download.path()));
  const cassetteFile = Object.entries(zipped).find(([p]) => p.endsWith('/cassette.json'));
  const recorded = readCassette(strFromU8(cassetteFile![1]));
  if (!recorded.ok) throw new Error(recorded.problem);
  expect(recorded.value.calls.map((c) => c.stream?.at(-1)?.event.type)).toEqual([
    'message_stop',
    'message_stop',
  ]);
  expect(recorded.value.calls.map((c) => c.response.content)).toEqual(
    chicago.calls.map((c) => c.response.content),
  );
});

test('Stop aborts a stream in flight', async ({ page }) => {
  const key = uniqueKey('stopstream');
  // The recording, with a long wait after the first text arrives.
  const slow = structuredClone(chicago);
  const events = slow.calls[0]!.stream!;
  const firstText = events.findIndex(
    (t) => t.event.type === 'content_block_delta' && t.event.delta.type === 'text_delta',
  );
  events[firstText + 1]!.ms = 30_000;
  await script(key, [{ cassette: slow }]);
  const turnOneText = (() => {
    const block = chicago.calls[0]?.response.content[0];
    return block?.type === 'text' ? block.text : '';
  })();
  await openLive(page, key);
  await runButton(page).click();
  await expect(streaming(page)).not.toHaveText('', { timeout: 20_000 });
  // In flight: the stand-in has begun the stream (200) and waits out the gap, the page shows
  // the first piece of text and no more.
  const inFlight = async () => {
    const [only] = await requestsWith(key);
    return [only?.status, only?.aborted];
  };
  expect(await inFlight()).toEqual([200, false]);
  const shown = (await streaming(page).textContent()) ?? '';
  expect(
    shown.length > 0 && shown.length < turnOneText.length && turnOneText.startsWith(shown),
  ).toBe(true);
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText(/^Stopped\./, { timeout: 10_000 });
  // Stop closed the connection: the stand-in saw the client leave mid-stream, long before the
  // 30 s gap was out, and no other request came.
  await expect.poll(inFlight).toEqual([200, true]);
  expect(await requestsWith(key)).toHaveLength(1);
  await expect(streaming(page)).toHaveCount(0);
  await expect(runButton(page)).toBeEnabled();
});
