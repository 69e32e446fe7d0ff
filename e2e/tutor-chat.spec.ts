import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { findAnchor, type Tutor } from '../core/index.ts';
import {
  caseRow,
  editorReady,
  getFile,
  lf,
  openLesson,
  openTutorChat,
  runAndWait,
  runButton,
  sayToTutor,
  setFile,
  variant,
  verdict,
} from './app.ts';
import { lessonById } from './course.ts';
import { shareLink } from './share-link.ts';

/** The tutor's chat, offline: commands in plain words, and questions matched to its answers. */

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const read = (...path: string[]) => readFileSync(join(fixtures, ...path), 'utf8');
const LESSON = 'the-while-loop';
const FILE = 'src/loop.ts';
const cases = lessonById(LESSON).cases.length;
const tutor = JSON.parse(read(LESSON, 'tutor.json')) as Tutor;
const reference = read(LESSON, 'reference', FILE);
const starter = read(LESSON, 'starter', FILE);
const mistake = (name: string) => read(LESSON, 'solutions', `${name}.ts`);
const question = (id: string) => tutor.questions.find((q) => q.id === id)!;
const levels = { nudge: 'a nudge', shape: 'the shape', line: 'the key line' } as const;
/** A button's label for a question: its text, with or without the backticks of its code. */
const label = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/`/g, '`?')}$`);

const tutorPanel = (page: Page) => page.getByRole('region', { name: 'Tutor' });
const log = (page: Page) => page.getByRole('log', { name: 'Conversation with the tutor' });
const tutorLines = (page: Page) => log(page).locator('.chat-message.from-tutor');

test.beforeEach(async ({ page }) => {
  await openLesson(page, LESSON);
  await openTutorChat(page);
});

test('"run it" runs the code as the Run button does, and posts the run’s summary', async ({
  page,
}) => {
  await setFile(page, FILE, reference);
  await sayToTutor(page, 'run it');
  await expect(log(page).locator('.chat-message.from-learner')).toHaveText(['You: run it']);
  await expect(verdict(page)).toHaveText(`Passed: all ${cases} cases pass.`);
  const summary = tutorLines(page).last();
  await expect(summary).toContainText(`Passed: all ${cases} cases pass.`);
  await expect(summary).toHaveAttribute('data-outcome', 'pass');
  // One line per case, as the CLI prints it: the mark, the case, its turns and tool calls.
  const lines = summary.locator('.chat-lines');
  await expect(lines).toContainText(/^✓ echo +2 turns · 1 tool call · \d+ ms$/m);
  const turns = await caseRow(page, 'echo').getAttribute('data-turns');
  expect(turns).toBe('2');

  // A failing run says so, and offers to explain it: the explanation is about this run.
  await setFile(page, FILE, mistake('wrong-dropped-assistant'));
  await sayToTutor(page, 'run');
  await expect(tutorLines(page).last()).toHaveAttribute('data-outcome', 'fail');
  await expect(tutorLines(page).last()).toContainText(
    new RegExp(`^Tutor: Failed: \\d+ of ${cases} cases pass\\.`),
  );
  await tutorLines(page).last().getByRole('button', { name: 'Why did it fail?' }).click();
  await expect(tutorLines(page).last()).toContainText('Why echo failed');
  await expect(tutorLines(page).last()).toContainText(
    /Your request #2 sent user · user: the tool_result for toolu_\w+ came straight after the user's prompt/,
  );
});

test('"hint" gives the hints in order, the same ones the Hints tab opens', async ({ page }) => {
  const total = tutor.hints.length;
  for (const [i, hint] of tutor.hints.entries()) {
    await sayToTutor(page, i === 0 ? 'hint' : 'give me another hint');
    await expect(tutorLines(page).last().locator('strong').first()).toHaveText(
      `Hint ${i + 1} of ${total}: ${levels[hint.level]}`,
    );
  }
  // Past the last hint: the solution on the button's terms, which wait for a first run.
  await sayToTutor(page, 'hint');
  await expect(tutorLines(page).last()).toContainText(
    `You have seen all ${total} hints (the Hints tab has them). The reference solution opens after your first run`,
  );
  await sayToTutor(page, 'show solution');
  await expect(tutorLines(page).last()).toContainText('opens after your first run');
  await expect(page.getByRole('button', { name: 'Hide solution' })).toHaveCount(0);
  // The Hints tab counts the chat's hints as opened.
  await tutorPanel(page).getByRole('tab', { name: 'Hints' }).click();
  await expect(
    tutorPanel(page).getByRole('heading', { level: 3, name: /^Hint \d of \d/ }),
  ).toHaveCount(total);
});

test('a question close to an authored one is answered, with its lines highlighted', async ({
  page,
}) => {
  await setFile(page, FILE, reference);
  const asked = question('stop-reason');
  await sayToTutor(page, 'why look at stop_reason and not at the blocks');
  const answer = tutorLines(page).first();
  await expect(answer.locator('strong').first()).toHaveText(asked.question.replace(/`/g, ''));
  const range = findAnchor(reference, asked.anchor!)!;
  await expect
    .poll(() => page.evaluate((f) => window.__theinference?.highlights(f), FILE))
    .toEqual([range]);
  await expect(answer.getByRole('button', { name: /^loop\.ts, line/ })).toHaveText(
    range.startLine === range.endLine
      ? `loop.ts, line ${range.startLine}`
      : `loop.ts, lines ${range.startLine}–${range.endLine}`,
  );

  // Another answer points elsewhere; the first one's button points back.
  await sayToTutor(page, 'what does tool_use_id do');
  const other = findAnchor(reference, question('tool-use-id').anchor!)!;
  await expect
    .poll(() => page.evaluate((f) => window.__theinference?.highlights(f), FILE))
    .toEqual([other]);
  await answer.getByRole('button', { name: /^loop\.ts, line/ }).click();
  await expect
    .poll(() => page.evaluate((f) => window.__theinference?.highlights(f), FILE))
    .toEqual([range]);

  // Away from the tutor, the editor points at nothing.
  await page.getByRole('tab', { name: 'Lesson', exact: true }).click();
  await expect
    .poll(() => page.evaluate((f) => window.__theinference?.highlights(f), FILE))
    .toEqual([]);
});

test('a question between two offers both; a question far from any says so', async ({ page }) => {
  await sayToTutor(page, 'tool results');
  const choice = tutorLines(page).last();
  await expect(choice).toContainText('I am not sure which you mean');
  const offered = [
    question('one-message').question,
    'Answering with tool results: “You run each requested tool, then send the…”',
  ];
  await expect(choice.getByRole('button')).toHaveText(offered);
  await choice.getByRole('button', { name: offered[0] }).click();
  await expect(tutorLines(page).last().locator('strong').first()).toHaveText(
    question('one-message').question,
  );

  await sayToTutor(page, 'what is the capital of France?');
  await expect(tutorLines(page).last()).toContainText('I have no answer to that in this lesson');
  await expect(tutorLines(page).last()).toContainText('“run it”');
  await tutorLines(page).last().getByRole('button', { name: 'Help' }).click();
  await expect(tutorLines(page).last()).toContainText("Ask me about this lesson's code");
});

test('a question it is unsure of says so and offers the closest, never another answer', async ({
  page,
}) => {
  // Nothing in the lesson compares loops: the stop_reason answer shares its words, not its topic.
  await sayToTutor(page, 'can I use a for loop instead of while');
  const unsure = tutorLines(page).last();
  await expect(unsure.locator('p').first()).toHaveText(
    'I am not sure I have an answer to that. The closest parts of the lesson:',
  );
  await expect(unsure.getByRole('button')).toHaveText([
    label(question('tool-use-id').question),
    label(question('cap').question),
  ]);
  await expect(log(page)).not.toContainText(question('stop-reason').answer.slice(0, 40));
});

test('a question the lesson’s text answers is answered with that passage, and where it is', async ({
  page,
}) => {
  await page.goto('/#/one-turn');
  await editorReady(page, 'one-turn');
  await openTutorChat(page);
  await sayToTutor(page, 'why does the loop check stop_reason?');
  const answer = tutorLines(page).last();
  await expect(answer.locator('strong').first()).toHaveText('From the lesson, “What comes back”');
  await expect(answer.locator('blockquote')).toHaveText(
    'Code that ignores stop_reason will happily present a truncated answer as a finished one. An agent reads it on every turn: it is how the loop knows whether to keep going.',
  );
});

test('the conversation survives a reload and a lesson switch, per lesson', async ({ page }) => {
  await sayToTutor(page, 'what is cap for');
  await expect(tutorLines(page)).toHaveCount(1);
  await expect(tutorLines(page)).toContainText(question('cap').question.replace(/`/g, ''));
  const before = (await log(page).textContent()) ?? '';
  expect(before).toMatch(/^You: what is cap forTutor: What is cap for/);

  await page.reload();
  await editorReady(page, LESSON);
  await openTutorChat(page);
  await expect(log(page)).toHaveText(before);

  await page.goto('/#/one-turn');
  await editorReady(page, 'one-turn');
  await openTutorChat(page);
  await expect(log(page).locator('.chat-message')).toHaveCount(0);
  await sayToTutor(page, 'help');
  await expect(tutorLines(page)).toHaveCount(1);

  await page.goto(`/#/${LESSON}`);
  await editorReady(page, LESSON);
  await openTutorChat(page);
  await expect(log(page)).toHaveText(before);
});

test('"next lesson" opens the next lesson; "break it" waits for a first run', async ({ page }) => {
  await sayToTutor(page, 'break it');
  await expect(tutorLines(page).last()).toContainText('Experiments break working code on purpose');
  await sayToTutor(page, 'next lesson');
  await editorReady(page, 'bounding-the-loop');
});

/**
 * A thrown message written to be markup: a backtick that closes the code span it is quoted in,
 * a style that would hide the page, an image with a handler, a form, links, emphasis.
 */
const HOSTILE =
  'x` <style>*{display:none !important}</style> <img src=x onerror="document.title=\'pwned\'"> ' +
  '<form action="https://evil.example/"><input name="q"><button>Send it</button></form> ' +
  '[click me](https://evil.example/) <a href="https://evil.example/">here</a> **loud** `y';
/** What the learner's page must never hold, whatever a run or a saved conversation says. */
const MARKUP = 'style, img, form, input, a, [style], [onerror]';

test('a share link’s thrown message is shown as text when the tutor explains it, and after a reload', async ({
  page,
}) => {
  const throwing = variant(
    starter,
    "throw new Error('TODO: write the loop');",
    `throw new Error(${JSON.stringify(HOSTILE)});`,
  );
  await page.goto(shareLink(LESSON, { [FILE]: throwing }));
  await editorReady(page, LESSON);
  expect(await runAndWait(page)).toMatch(/^Failed/);
  await openTutorChat(page);
  await sayToTutor(page, 'why did it fail');
  const quoted = tutorLines(page).last().locator('code', { hasText: 'onerror' });
  await expect(quoted).toHaveText(`Error: ${HOSTILE}`);
  await expect(log(page).locator(MARKUP)).toHaveCount(0);
  await expect(runButton(page)).toBeVisible();
  const before = (await log(page).textContent()) ?? '';

  // "Explain this failure" in the results says the same, as text too.
  await caseRow(page, 'echo').getByRole('button').click();
  await page.getByRole('button', { name: 'Explain this failure' }).click();
  const card = page.getByRole('region', { name: 'Why your case failed' });
  await expect(card.locator('code', { hasText: 'onerror' })).toHaveText(`Error: ${HOSTILE}`);
  await expect(card.locator(MARKUP)).toHaveCount(0);

  // The conversation is saved with the lesson and shown again: as text, with nothing lost.
  await page.reload();
  await editorReady(page, LESSON);
  await expect(runButton(page)).toBeVisible();
  await openTutorChat(page);
  await expect(log(page)).toHaveText(before);
  await expect(quoted).toHaveText(`Error: ${HOSTILE}`);
  await expect(log(page).locator(MARKUP)).toHaveCount(0);
  expect(lf(await getFile(page, FILE))).toBe(lf(throwing));
  expect(await page.title()).not.toBe('pwned');
});

/**
 * Seeds a saved state before the app starts, once, and reloads into it: the lesson is open
 * already (beforeEach), and a reload runs the script before the app.
 */
async function reloadWithSave(page: Page, version: number, state: unknown) {
  const value = JSON.stringify({ version, state });
  await page.addInitScript((v) => {
    if (sessionStorage.getItem('seeded')) return;
    sessionStorage.setItem('seeded', '1');
    localStorage.setItem('theinference:state', v);
  }, value);
  await page.reload();
  await editorReady(page, LESSON);
}

test.describe('saved before the chat, or with a corrupt conversation', () => {
  for (const [name, saved] of [
    ['a save from before the chat (version 1)', { version: 1, state: {} }],
    [
      'a save whose conversation is corrupt',
      { version: 2, state: { chats: { [LESSON]: 'oops' } } },
    ],
  ] as const) {
    test(`${name} opens with the learner's draft`, async ({ page }) => {
      const draft = `// mine\n${reference}`;
      await reloadWithSave(page, saved.version, {
        ...saved.state,
        drafts: { [LESSON]: { [FILE]: draft } },
      });
      expect(await page.evaluate((f) => window.__theinference?.getFile(f), FILE)).toBe(draft);
      await openTutorChat(page);
      await expect(log(page).locator('.chat-message')).toHaveCount(0);
      const notice = page.getByRole('region', { name: 'Notices' });
      if (saved.version === 2) await expect(notice).toContainText('parts of it were malformed');
      else await expect(notice).toHaveCount(0);
      await sayToTutor(page, 'hint');
      await expect(tutorLines(page)).toHaveCount(1);
    });
  }
});

test.describe('a saved conversation the page cannot show as it is', () => {
  /** A save with the learner's draft and this conversation, and the chat open on it. */
  async function reloadWith(page: Page, chat: unknown[]) {
    await reloadWithSave(page, 2, {
      drafts: { [LESSON]: { [FILE]: `// mine\n${reference}` } },
      chats: { [LESSON]: chat },
    });
    await openTutorChat(page);
  }

  test('HTML saved in a message (by an older version) shows as text', async ({ page }) => {
    const text = `Case \`echo\` threw \`Error: ${HOSTILE}\` at \`src/loop.ts:61\`.`;
    await reloadWith(page, [
      { id: 'a', role: 'learner', at: 1, text: 'why did it fail' },
      { id: 'b', role: 'tutor', at: 2, text },
    ]);
    await expect(tutorLines(page)).toContainText('<style>*{display:none !important}</style>');
    await expect(log(page).locator(MARKUP)).toHaveCount(0);
    await expect(runButton(page)).toBeVisible();
  });

  test('a conversation that fails to render is set aside, and the learner is told where', async ({
    page,
  }) => {
    // Blockquotes nested past the markdown renderer's stack: it throws on this text.
    const chat = [
      { id: 'a', role: 'learner', at: 1, text: 'hi' },
      { id: 'b', role: 'tutor', at: 2, text: '>'.repeat(7_990) },
    ];
    await reloadWith(page, chat);
    const notice = page.getByRole('region', { name: 'Notices' });
    await expect(notice).toContainText(
      "The tutor's conversation in this lesson could not be shown (Maximum call stack size exceeded",
    );
    const keptAt = /under "([^"]+)"/.exec((await notice.textContent()) ?? '')?.[1];
    expect(keptAt).toMatch(new RegExp(`^theinference:state:chat:${LESSON}:unreadable:`));
    const kept = await page.evaluate((key) => localStorage.getItem(key), keptAt!);
    expect(JSON.parse(kept ?? 'null')).toEqual(chat);
    await expect(log(page).locator('.chat-message')).toHaveCount(0);
    expect(await getFile(page, FILE)).toBe(`// mine\n${reference}`);
    await sayToTutor(page, 'hint');
    await expect(tutorLines(page)).toHaveCount(1);
    // Set aside, it stays aside: the next load shows the new conversation.
    await page.reload();
    await editorReady(page, LESSON);
    await openTutorChat(page);
    await expect(tutorLines(page)).toHaveCount(1);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the chat has no serious accessibility violations (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await setFile(page, FILE, reference);
    await sayToTutor(page, 'run it');
    await expect(tutorLines(page).last()).toHaveAttribute('data-outcome', 'pass');
    await sayToTutor(page, 'hint');
    await sayToTutor(page, 'tool results');
    await sayToTutor(page, 'why does the loop check stop_reason');
    await expect(tutorLines(page)).toHaveCount(5);
    const results = await new AxeBuilder({ page }).include('.reading-pane').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(serious).toEqual([]);
  });
}
