import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setReference } from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('streaming-replies');

interface Recorded {
  calls: {
    stream: { ms: number; event: { type: string; delta?: { type: string } } }[];
    response: { content: { type: string; text?: string }[] };
  }[];
}
const cassette = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', 'fixtures', lesson.id, 'cases', 'chicago', 'cassette.json'),
    'utf8',
  ),
) as Recorded;

test('a streamed turn replays as it arrived: text growing, the tool input assembling', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await caseRow(page, 'chicago').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of chicago' });
  const stream = transcript.getByRole('region', { name: 'Stream of turn 1' });
  const first = cassette.calls[0]!;
  const events = first.stream.length;
  const total = first.stream.reduce((n, e) => n + e.ms, 0);
  await expect(stream).toHaveAttribute('data-events', String(events));
  await expect(stream.locator('.stream-summary')).toHaveText(
    `Streamed: ${events} events over ${total} ms`,
  );
  // Shown at once at first: the whole reply.
  const text = first.response.content[0]?.text ?? '';
  await expect(stream.locator('.stream-text')).toHaveText(text);
  await expect(stream.locator('.tool-call')).toHaveText('get_weather({"city":"Chicago"})');

  // Scrub to the start by keyboard, then step: nothing, then the text block, then its text.
  const slider = stream.getByRole('slider', { name: 'Events shown' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(stream).toHaveAttribute('data-shown', '0');
  await expect(stream.locator('.content-blocks li')).toHaveCount(0);
  const next = stream.getByRole('button', { name: 'Next event' });
  for (let i = 0; i < 4; i++) await next.click();
  await expect(stream.locator('.stream-position')).toContainText(
    `event 4 of ${events} · ${first.stream.slice(0, 4).reduce((n, e) => n + e.ms, 0)} ms`,
  );
  const partial = await stream.locator('.stream-text').textContent();
  expect(partial && partial.length > 0 && partial.length < text.length).toBe(true);
  expect(text.startsWith(partial ?? '')).toBe(true);
  // Into the tool call: its input is a fragment of JSON until its block stops.
  for (let i = 0; i < 4; i++) await next.click();
  const tool = stream.locator('.block-tool-use');
  await expect(tool).toHaveAttribute('data-done', 'false');
  const input = (await tool.locator('.tool-call').textContent()) ?? '';
  expect(input.startsWith('get_weather(')).toBe(true);
  expect('get_weather({"city":"Chicago"})'.startsWith(input.slice(0, -1))).toBe(true);
  expect(input).not.toBe('get_weather({"city":"Chicago"})');

  // Play at recorded speed, from the start: the events come one by one, and it ends showing the whole reply.
  await stream.getByRole('button', { name: 'Show at once' }).click();
  await expect(stream).toHaveAttribute('data-shown', String(events));
  const play = stream.getByRole('button', { name: 'Play at recorded speed' });
  await play.click();
  await expect(stream.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(stream).toHaveAttribute('data-shown', '0');
  await expect(stream).not.toHaveAttribute('data-shown', '0');
  await expect(stream).toHaveAttribute('data-shown', String(events), { timeout: total * 3 });
  await expect(play).toBeVisible();
  await expect(stream.locator('.stream-text')).toHaveText(text);
  await expect(tool).toHaveAttribute('data-done', 'true');

  // The events, each with its time since the stream started.
  await stream.locator('summary', { hasText: 'Events' }).click();
  await expect(stream.locator('.stream-events li')).toHaveCount(events);
  await expect(stream.locator('.stream-events li').first()).toHaveText(
    `${first.stream[0]!.ms} ms message_start`,
  );
});

test('played at recorded speed, the text appears piece by piece, no sooner than it arrived', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await caseRow(page, 'chicago').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of chicago' });
  const stream = transcript.getByRole('region', { name: 'Stream of turn 2' });
  const answer = cassette.calls[1]!;
  const text = answer.response.content[0]?.text ?? '';
  const events = answer.stream.length;
  await expect(stream.locator('.stream-text')).toHaveText(text);

  // Every text the reply shows while it plays, with the moment it showed it.
  await stream.evaluate((region) => {
    const seen: [number, string][] = [];
    (window as unknown as { seen: typeof seen }).seen = seen;
    const note = () => {
      const shown = region.querySelector('.stream-text')?.textContent ?? '';
      if (seen.at(-1)?.[1] !== shown) seen.push([performance.now(), shown]);
    };
    new MutationObserver(note).observe(region, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await stream.getByRole('button', { name: 'Play at recorded speed' }).click();
  await expect(stream).toHaveAttribute('data-shown', String(events), { timeout: 20_000 });
  const seen = await page.evaluate(() => (window as unknown as { seen: [number, string][] }).seen);

  // Empty as it starts again, then longer and longer, each text the one before plus the next piece.
  const texts = seen.map(([, shown]) => shown).filter((shown) => shown !== '');
  const deltas = answer.stream.filter((e) => e.event.delta?.type === 'text_delta');
  expect(texts).toHaveLength(deltas.length);
  texts.forEach((shown, i) => expect(shown.startsWith(texts[i - 1] ?? '')).toBe(true));
  expect(texts.at(-1)).toBe(text);

  // At the recorded pace: from the first piece to the last, at least the recorded gaps between them.
  const at = (shown: string) => seen.find(([, s]) => s === shown)![0];
  const isText = answer.stream.map((e) => e.event.delta?.type === 'text_delta');
  const first = isText.indexOf(true);
  const last = isText.lastIndexOf(true);
  const recorded = answer.stream.slice(first + 1, last + 1).reduce((n, e) => n + e.ms, 0);
  expect(at(text) - at(texts[0]!)).toBeGreaterThanOrEqual(recorded - 2 * deltas.length);
});

test('a stream cut off by an error event shows as such, and its replay ends at the error', async ({
  page,
}) => {
  const errors = lessonById('stream-errors');
  await openLesson(page, errors.id);
  await setReference(page, errors.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await caseRow(page, 'chicago').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of chicago' });
  const cut = transcript.locator('li.turn[data-turn="1"]');
  await expect(cut.locator('.badge')).toHaveText('cut off');
  await expect(
    cut.getByRole('group', {
      name: 'API error: Stream cut off by an error event, overloaded_error: Overloaded',
    }),
  ).toBeVisible();
  const stream = cut.getByRole('region', { name: 'Stream of turn 1' });
  await expect(stream.locator('.stream-text')).toHaveText("Let me look up Chicago's weather.");
  await expect(stream.locator('.block-tool-use')).toHaveAttribute('data-done', 'false');
  await expect(stream.locator('.stream-error')).toHaveText(
    'The stream ended with an error event: overloaded_error: Overloaded',
  );
  // The retry is the next turn, whole.
  await expect(transcript.locator('li.turn[data-turn="2"] .badge')).toHaveText('tool_use');
});
