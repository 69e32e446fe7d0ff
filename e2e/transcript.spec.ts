import { unzipSync, strFromU8 } from 'fflate';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { caseRow, lf, openLesson, runAndWait, setFile, setReference, variant } from './app.ts';
import { lessonById } from './course.ts';

const lesson = lessonById('the-while-loop');
const reference = lesson.reference[lesson.entry];

/** The ids and texts a case's cassette recorded: what a correct loop sends back. */
function recorded(caseName: string) {
  const cassette = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', 'fixtures', lesson.id, 'cases', caseName, 'cassette.json'),
      'utf8',
    ),
  ) as { calls: { response: { content: { type: string; id?: string }[] } }[] };
  return cassette.calls.map((c) =>
    c.response.content.flatMap((b) => (b.type === 'tool_use' && b.id ? [b.id] : [])),
  );
}

test('each turn shows the roles sent and the tool_result blocks the loop built', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const name = 'two-tools-one-turn';
  await caseRow(page, name).getByRole('button').click();
  const transcript = page.getByRole('region', { name: `Transcript of ${name}` });
  const turns = transcript.locator('.turn');
  await expect(turns.first().locator('.role-strip')).toHaveText('user');
  await expect(turns.nth(1).locator('.role-strip .role')).toHaveText(['user', 'assistant', 'user']);
  // The second request answers the first reply's tool calls, one tool_result each, by id.
  const ids = recorded(name)[0] ?? [];
  expect(ids.length).toBe(2);
  const sent = turns.nth(1).locator('.sent-tool-result');
  await expect(sent).toHaveCount(ids.length);
  for (const [i, id] of ids.entries()) {
    await expect(sent.nth(i)).toHaveAttribute('data-tool-use-id', id);
    await expect(sent.nth(i)).toHaveAttribute('data-is-error', 'false');
  }
  await expect(transcript.locator('.unanswered')).toHaveCount(0);
});

test('a mismatch with the recording is called so; a request the API refuses is a 400', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  // Every tool_result in a user message of its own: valid, but not what was recorded.
  await setFile(
    page,
    lesson.entry,
    variant(
      reference,
      "messages.push({ role: 'user', content: results });",
      "for (const r of results) messages.push({ role: 'user', content: [r] });",
    ),
  );
  await runAndWait(page);
  await caseRow(page, 'two-tools-one-turn').getByRole('button').click();
  let transcript = page.getByRole('region', { name: 'Transcript of two-tools-one-turn' });
  await expect(transcript.locator('.turn.rejected .turn-header')).toContainText(
    'mismatch with the recording',
  );
  await expect(transcript.locator('.turn.rejected .turn-header')).not.toContainText('400');
  await expect(
    transcript.getByRole('group', { name: 'This request does not match the recording' }),
  ).toBeVisible();

  // Ids the model never sent: the real API would refuse the request.
  await setFile(
    page,
    lesson.entry,
    variant(reference, 'tool_use_id: block.id', "tool_use_id: 'toolu_invented'"),
  );
  await runAndWait(page);
  await caseRow(page, 'echo').getByRole('button').click();
  transcript = page.getByRole('region', { name: 'Transcript of echo' });
  await expect(transcript.locator('.turn.rejected .turn-header')).toContainText('400 from the API');
  await expect(transcript.locator('.sent-tool-result.unanswered')).toHaveAttribute(
    'data-tool-use-id',
    'toolu_invented',
  );
  await expect(
    transcript.getByRole('group', { name: 'The API would reject this request' }),
  ).toBeVisible();
});

test('the transcript copies as text and as JSON; the files download', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openLesson(page, lesson.id);
  await setReference(page, lesson.reference);
  await runAndWait(page);
  await caseRow(page, 'echo').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of echo' });

  await transcript.getByRole('button', { name: 'Copy as text' }).click();
  await expect(transcript.getByText('Transcript copied as text.')).toBeVisible();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  expect(text.split('\n').slice(0, 2)).toEqual(['echo: pass (pass)', '']);
  expect(text).toContain('  → request: user · assistant · user');
  expect(text).toMatch(/✓ 2 turns · 1 tool call · \d+ ms$/);

  await transcript.getByRole('button', { name: 'Copy as JSON' }).click();
  await expect(transcript.getByText('Transcript copied as JSON.')).toBeVisible();
  const json = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
    case: string;
    status: string;
    turns: unknown[];
  };
  expect([json.case, json.status, json.turns.length]).toEqual(['echo', 'pass', 2]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download your files' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${lesson.id}.zip`);
  const zip = unzipSync(readFileSync(await download.path()));
  expect(Object.keys(zip).sort()).toEqual(['src/loop.ts', 'src/types.ts']);
  expect(lf(strFromU8(zip['src/loop.ts']!))).toBe(lf(reference));
});

test("a subagent's calls are marked as a conversation of their own, between the agent's", async ({
  page,
}) => {
  const subagents = lessonById('subagents');
  await openLesson(page, subagents.id);
  await setReference(page, subagents.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  await caseRow(page, 'one-task').getByRole('button').click();
  const transcript = page.getByRole('region', { name: 'Transcript of one-task' });
  const turns = transcript.locator('.turn');
  // The agent asks for `task`, the subagent makes three calls, then the agent answers.
  await expect(turns.locator('.badge.conversation')).toHaveText([
    'conversation 1',
    'conversation 2',
    'conversation 2',
    'conversation 2',
    'conversation 1',
  ]);
  await expect(transcript.locator('.conversation-start')).toHaveText(
    /^Conversation 2 starts here, with a history of its own: Find every discount code/,
  );
  // The agent's results answer its own last reply, not the subagent's.
  await expect(turns.nth(4).locator('.sent-tool-result')).toHaveCount(1);
  await expect(transcript.locator('.unanswered')).toHaveCount(0);
});
