import { deflateSync, strToU8 } from 'fflate';
import { expect, test, type Page } from '@playwright/test';
import { decodeSharePayload, encodeShareFragment } from '../core/index.ts';
import { editorReady, getFile, lf, openLesson, runAndWait, setFile, verdict } from './app.ts';
import { lessonById } from './course.ts';
import { codecLesson } from './share-link.ts';

/** Links are judged by core's codec, so the tests build them with it from fixtures/. */
const facts = lessonById('the-while-loop');
const lesson = codecLesson(facts.id);
const mine = '// my own draft, kept exactly\nexport {};\n';

const referenceLink = () => encodeShareFragment(lesson, { ...lesson.starter, ...facts.reference });
const banner = (page: Page) => page.getByRole('region', { name: 'Code from a link' });
const notice = (page: Page) => page.getByRole('region', { name: 'Notices' }).getByRole('alert');
const notRunYet = (page: Page) => page.getByText(/^Not run yet/);

test('a shared link round-trips between two fresh browser contexts', async ({ browser }) => {
  const sender = await browser.newContext();
  await sender.grantPermissions(['clipboard-read', 'clipboard-write']);
  const a = await sender.newPage();
  await openLesson(a, facts.id);
  for (const [path, text] of Object.entries(facts.reference)) await setFile(a, path, text);
  await a.getByRole('button', { name: 'Share' }).click();
  const panel = a.getByRole('group', { name: 'Share link' });
  await expect(panel.getByText('Link copied to the clipboard.')).toBeVisible();
  const link = await panel.getByLabel('Link to this code').inputValue();
  expect(link).toMatch(new RegExp(`/#/${facts.id}/v1\\.[A-Za-z0-9_-]+$`));
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await expect(panel.getByText(`${link.length.toLocaleString('en')} characters.`)).toBeVisible();
  await expect(panel.getByText(/may cut it off/)).toHaveCount(0);
  await sender.close();

  const receiver = await browser.newContext();
  const b = await receiver.newPage();
  await b.goto(link);
  await editorReady(b, facts.id);
  await expect(banner(b)).toBeVisible();
  for (const [path, text] of Object.entries(facts.reference)) {
    expect(lf(await getFile(b, path))).toBe(lf(text));
  }
  await expect(notRunYet(b)).toBeVisible();
  expect(await runAndWait(b)).toMatch(/^Passed/);

  // Until the learner chooses, the address keeps the link: a reload brings the code back.
  await expect(b).toHaveURL(link);
  await b.reload();
  await editorReady(b, facts.id);
  await expect(banner(b)).toBeVisible();
  expect(lf(await getFile(b, facts.entry))).toBe(lf(facts.reference[facts.entry]));

  // Chosen (back to their own code): the address is the lesson's, and a reload keeps it so.
  await b.getByRole('button', { name: 'Back to my code' }).click();
  await expect(b).toHaveURL(new RegExp(`#/${facts.id}$`));
  await b.reload();
  await editorReady(b, facts.id);
  await expect(banner(b)).toHaveCount(0);
  expect(lf(await getFile(b, facts.entry))).toBe(lf(lesson.starter[facts.entry]));
  await receiver.close();
});

test('opening a link keeps the draft one click away, exactly', async ({ page }) => {
  await openLesson(page, facts.id);
  await setFile(page, facts.entry, mine);
  await page.goto(`/${referenceLink()}`);
  await expect(banner(page)).toBeVisible();
  expect(lf(await getFile(page, facts.entry))).toBe(lf(facts.reference[facts.entry]));

  // Editing the shared code does not touch the draft either.
  await setFile(page, facts.entry, '// edited shared code\n');
  await expect(banner(page)).toContainText('saved only if you keep it');
  await page.getByRole('button', { name: 'Back to my code' }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await getFile(page, facts.entry)).toBe(mine);
  await page.reload();
  await editorReady(page, facts.id);
  expect(await getFile(page, facts.entry)).toBe(mine);
});

test('"Keep the shared code" replaces the draft, and it stays after a reload', async ({ page }) => {
  await openLesson(page, facts.id);
  await setFile(page, facts.entry, mine);
  await page.goto(`/${referenceLink()}`);
  await page.getByRole('button', { name: 'Keep the shared code' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`#/${facts.id}$`));
  await page.reload();
  await editorReady(page, facts.id);
  expect(lf(await getFile(page, facts.entry))).toBe(lf(facts.reference[facts.entry]));
});

test('code from a link waits for Run, even with watch mode on and after an edit', async ({
  page,
}) => {
  await page.clock.install();
  await openLesson(page, facts.id);
  await page.getByRole('checkbox', { name: 'Watch' }).check();
  await page.goto(`/${referenceLink()}`);
  await expect(banner(page)).toContainText('Watch mode waits until you keep it');
  await setFile(page, facts.entry, `${facts.reference[facts.entry]}\n// an edit\n`);
  // Well past watch mode's pause: nothing ran.
  await page.clock.runFor(5_000);
  await expect(notRunYet(page)).toBeVisible();
  await expect(verdict(page)).toHaveText('');

  // Kept, it is the learner's code: the next edit runs as usual.
  await page.getByRole('button', { name: 'Keep the shared code' }).click();
  await page.clock.runFor(5_000);
  await expect(notRunYet(page)).toBeVisible();
  await setFile(page, facts.entry, `${facts.reference[facts.entry]}\n// another edit\n`);
  // Past watch mode's pause, and no further: from here the run goes at the real pace.
  await page.clock.runFor(1_000);
  await expect(verdict(page)).toHaveText(/^Passed/);
});

test('a long link says that chat apps may cut it off', async ({ page }) => {
  await openLesson(page, facts.id);
  // Text that barely compresses, so the link passes 2,000 characters.
  let seed = 7;
  const noise = Array.from({ length: 3_000 }, () => {
    seed = (seed * 48271) % 2147483647;
    return String.fromCharCode(33 + (seed % 90));
  }).join('');
  await setFile(page, facts.entry, `// ${noise}\n`);
  await page.getByRole('button', { name: 'Share' }).click();
  const panel = page.getByRole('group', { name: 'Share link' });
  const link = await panel.getByLabel('Link to this code').inputValue();
  expect(link.length).toBeGreaterThan(2_000);
  await expect(panel.getByText(`${link.length.toLocaleString('en')} characters.`)).toBeVisible();
  await expect(panel.getByText(/longer than 2,000 characters: chat apps/)).toBeVisible();
});

test('without a clipboard, the link is there to copy by hand', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined });
  });
  await openLesson(page, facts.id);
  await page.getByRole('button', { name: 'Share' }).click();
  const panel = page.getByRole('group', { name: 'Share link' });
  await expect(panel.getByText(/Copy the link from the field below/)).toBeVisible();
  const field = panel.getByLabel('Link to this code');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(new RegExp(`/#/${facts.id}/v1\\.`));
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share' })).toBeFocused();
});

/** Payloads, each broken in one way the codec names. */
function payloadOf(json: string): string {
  const bytes = deflateSync(strToU8(json), { level: 9 });
  return `v1.${Buffer.from(bytes).toString('base64url')}`;
}
const good = referenceLink().split('/').pop() ?? '';
const malformed: [string, string][] = [
  ['truncated', good.slice(0, Math.floor(good.length / 2))],
  ['bad base64', 'v1.@@not*base64@@'],
  ['bad compression', `v1.${Buffer.from('this is not deflate data').toString('base64url')}`],
  ['an unknown version', `v9.${good.slice(3)}`],
  ['too large', payloadOf(JSON.stringify({ files: { 'src/loop.ts': 'a'.repeat(150_000) } }))],
  ['the wrong JSON shape', payloadOf(JSON.stringify({ files: ['src/loop.ts'] }))],
  ['not JSON', payloadOf('{"files": ')],
  ['a file the lesson does not have', payloadOf(JSON.stringify({ files: { 'src/x.ts': '' } }))],
  ['a read-only file', payloadOf(JSON.stringify({ files: { 'src/types.ts': 'any' } }))],
];

for (const [what, payload] of malformed) {
  test(`a link with ${what} is explained and the lesson opens with the learner's code`, async ({
    page,
  }) => {
    const decoded = decodeSharePayload(lesson, payload);
    if (decoded.ok) throw new Error(`the ${what} payload decodes`);
    await openLesson(page, facts.id);
    await setFile(page, facts.entry, mine);
    await page.goto(`/#/${facts.id}/${payload}`);
    const message = `This share link could not be opened. ${decoded.message} The lesson opened as usual, and no code was changed.`;
    await expect(notice(page).getByText(message, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`#/${facts.id}$`));
    await expect(banner(page)).toHaveCount(0);
    expect(await getFile(page, facts.entry)).toBe(mine);
  });
}

test('a link to a lesson the course lacks is explained; after a broken link, Run still passes', async ({
  page,
}) => {
  await page.goto(`/#/no-such-lesson/${good}`);
  await expect(notice(page)).toContainText(
    'This share link is for a lesson this course does not have ("no-such-lesson")',
  );
  await page.goto(`/#/${facts.id}/v1.AAAA`);
  await editorReady(page, facts.id);
  await expect(notice(page).filter({ hasText: 'could not be opened' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`#/${facts.id}$`));
  for (const [path, text] of Object.entries(facts.reference)) await setFile(page, path, text);
  expect(await runAndWait(page)).toMatch(/^Passed/);
});
