import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setFile, setReference, variant } from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('thinking');

interface Block {
  type: string;
  thinking?: string;
  signature?: string;
  data?: string;
}
interface Recorded {
  calls: { stream: { ms: number; event: { type: string } }[]; response: { content: Block[] } }[];
}
const cassette = (name: string) =>
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', 'fixtures', lesson.id, 'cases', name, 'cassette.json'),
      'utf8',
    ),
  ) as Recorded;

test('a reply that thinks shows its thinking folded, a redacted block as such, as text', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);

  await caseRow(page, 'chicago').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of chicago' });
  const [thought] = cassette('chicago').calls[0]!.response.content as [Block];
  const reply = transcript.locator('.turn').first().locator('.turn-response');
  const block = reply.locator('.block-thinking');
  await expect(block.locator('.block-kind')).toHaveText('thinking');
  // Folded to its first words; opened, the whole text, as text.
  const details = block.locator('details');
  await expect(details).not.toHaveAttribute('open');
  await expect(details.locator('summary')).toHaveText(`${thought.thinking!.slice(0, 90)}…`);
  await details.locator('summary').click();
  await expect(details.locator('p')).toHaveText(thought.thinking!);
  await expect(block.locator('.thinking-signature')).toHaveText(
    `signature: ${thought.signature!.length} characters`,
  );

  await caseRow(page, 'redacted-denver').getByRole('button').click();
  const redacted = page
    .getByRole('region', { name: 'Transcript of redacted-denver' })
    .locator('.turn')
    .first()
    .locator('.turn-response .block-thinking')
    .nth(1);
  const data = cassette('redacted-denver').calls[0]!.response.content[1]!.data!;
  await expect(redacted.locator('.block-kind')).toHaveText('redacted_thinking');
  await expect(redacted.locator('.thinking-note')).toHaveText(
    `encrypted by the API's safety systems (${data.length} characters of data)`,
  );
});

test('the stream replay shows thinking growing, then signed', async ({ page }) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await caseRow(page, 'hello-thinking').getByRole('button').click();
  const stream = page
    .getByRole('region', { name: 'Transcript of hello-thinking' })
    .getByRole('region', { name: 'Stream of turn 1' });
  const { stream: events, response } = cassette('hello-thinking').calls[0]!;
  const thinking = response.content[0]!.thinking!;
  const slider = stream.getByRole('slider', { name: 'Events shown' });
  await slider.focus();
  await page.keyboard.press('Home');
  const next = stream.getByRole('button', { name: 'Next event' });
  // message_start, the thinking block's start, a ping, its first thinking_delta.
  for (let i = 0; i < 4; i++) await next.click();
  const block = stream.locator('.block-thinking');
  const partial = (await block.locator('.stream-text').textContent()) ?? '';
  expect(partial.length > 0 && partial.length < thinking.length).toBe(true);
  expect(thinking.startsWith(partial)).toBe(true);
  await expect(block.locator('.thinking-signature')).toHaveCount(0);
  // On to the block's stop: the whole thinking, and its signature_delta has come.
  const stop = events.findIndex((e) => e.event.type === 'content_block_stop');
  for (let i = 4; i <= stop; i++) await next.click();
  await expect(block.locator('.stream-text')).toHaveText(thinking);
  await expect(block).toHaveAttribute('data-done', 'true');
  await expect(block.locator('.thinking-signature')).toHaveText('signature received');
  await expect(stream.locator('.stream-position')).toContainText('content_block_stop #0');
});

test('a loop that sends the reply back without its thinking gets the API’s 400 on that turn', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  const reference = lesson.reference[lesson.entry];
  await setFile(
    page,
    lesson.entry,
    variant(
      reference,
      "messages.push({ role: 'assistant', content: response.content });",
      "messages.push({ role: 'assistant', content: response.content.filter((b) => b.type !== 'thinking') });",
    ),
  );
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await caseRow(page, 'chicago').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of chicago' });
  const refused = transcript.locator('.turn').nth(1);
  await expect(refused).toHaveClass(/rejected/);
  await expect(refused).toContainText(
    'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`.',
  );
  // What the code sent back, beside what came.
  await expect(refused.locator('.sent-back')).toHaveText(
    'not the reply as it came messages[1] sent the last reply back as text · tool_use; it came as thinking · text · tool_use, and they first differ at content[0].type.',
  );
});
