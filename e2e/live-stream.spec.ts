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
  await runButton(page).click();
  // Part of the answer, while the rest is still on its way.
  await expect
    .poll(
      async () => {
        const shown =
          (await streaming(page)
            .textContent()
            .catch(() => null)) ?? '';
        return shown.length > 0 && shown.length < answerText.length && answerText.startsWith(shown);
      },
      { intervals: [15], timeout: 20_000 },
    )
    .toBe(true);
  await expect(status(page)).toHaveText(/^Passed the live checks/, { timeout: 30_000 });
  await expect(streaming(page)).toHaveCount(0);
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
  await openLive(page, key);
  await runButton(page).click();
  await expect(streaming(page)).not.toHaveText('', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Stop' }).click();
  await expect(status(page)).toHaveText(/^Stopped\./, { timeout: 10_000 });
  await expect.poll(async () => (await requestsWith(key))[0]?.aborted).toBe(true);
  expect(await requestsWith(key)).toHaveLength(1);
});
