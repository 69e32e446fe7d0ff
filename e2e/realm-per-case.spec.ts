import { expect, test, type Page } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setFile, setReference, variant } from './app.ts';
import { lessonById, type LessonFacts } from './course.ts';

/**
 * The runner frame gives every case a fresh worker of its own, booted ahead and terminated when
 * the case ends. These prove it from inside: each case logs its worker's
 * `performance.timeOrigin`, which differs from worker to worker, and nothing one case leaves
 * behind (a global, a timer, a patched intrinsic, a global `let`) reaches another case or a
 * later Run.
 */
const oneTurn = lessonById('one-turn');
const call = 'const response = await model(messages);';

/** One-turn's reference with `code` ahead of its model call, and its worker's id logged first. */
function withFirst(code: string): string {
  return variant(
    oneTurn.reference[oneTurn.entry],
    call,
    `console.log('worker ' + performance.timeOrigin);\n${code}\n  ${call}`,
  );
}

/** One case's console lines, from its details. */
async function consoleOf(page: Page, name: string): Promise<string[]> {
  await caseRow(page, name).getByRole('button').first().click();
  await page.getByRole('tab', { name: /^Console/ }).click();
  const lines = page.getByRole('log', { name: 'Console output' }).locator('.console-line');
  await expect(lines.first()).toBeVisible();
  return (await lines.allTextContents()).map((line) => line.trim());
}

/** Each case's console, by case. */
async function consoles(page: Page, lesson: LessonFacts): Promise<Map<string, string[]>> {
  const all = new Map<string, string[]>();
  for (const c of lesson.cases) all.set(c.name, await consoleOf(page, c.name));
  return all;
}

/**
 * Per case, its console lines that start with `prefix` and name another case: each case logs
 * `case <id>` (its own module instance's id) and names itself in what it leaves behind.
 */
function foreign(all: Map<string, string[]>, prefix: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, lines] of all) {
    const me = lines.find((l) => l.startsWith('case '))?.slice('case '.length) ?? '?';
    out[name] = lines.filter((l) => l.startsWith(prefix) && !l.endsWith(me));
  }
  return out;
}
const noneForeign = (all: Map<string, string[]>) =>
  Object.fromEntries([...all.keys()].map((name) => [name, []]));

const workerOf = (lines: string[] = []) => lines.find((l) => l.startsWith('worker '));
const workers = (all: Map<string, string[]>) => new Set([...all.values()].map(workerOf));

test('every case runs in a worker of its own: as many workers as cases', async ({ page }) => {
  await openLesson(page, oneTurn.id);
  await setFile(page, oneTurn.entry, withFirst(''));
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const all = await consoles(page, oneTurn);
  expect([...all.values()].every((lines) => workerOf(lines))).toBe(true);
  expect(workers(all).size).toBe(oneTurn.cases.length);
  // And a second Run gets fresh ones again: no worker serves two Runs.
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const again = await consoles(page, oneTurn);
  const both = new Set([...workers(all), ...workers(again)]);
  expect(both.size).toBe(2 * oneTurn.cases.length);
});

test('a global one case sets is never seen by another', async ({ page }) => {
  await openLesson(page, oneTurn.id);
  const leaky = withFirst(`  const g = globalThis as any;
  if (g.seenBy) throw new Error('a global from another case: ' + g.seenBy);
  g.seenBy = 'an earlier case';`);
  await setFile(page, oneTurn.entry, leaky);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  expect(workers(await consoles(page, oneTurn)).size).toBe(oneTurn.cases.length);
});

test("a case's timers end with it: none fires in another case", async ({ page }) => {
  await openLesson(page, oneTurn.id);
  // Each module instance (one per case) has its own id; a timer it leaves names it.
  const timers = withFirst(`  const me = Math.random().toString(36).slice(2);
  console.log('case ' + me);
  await new Promise((resolve) => setTimeout(resolve, 100));
  setTimeout(() => console.log('left behind by ' + me), 40);
  setInterval(() => console.log('left behind by ' + me), 40);`);
  await setFile(page, oneTurn.entry, timers);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const all = await consoles(page, oneTurn);
  expect(foreign(all, 'left behind by ')).toEqual(noneForeign(all));
});

test("nothing hostile code plants reaches a later Run: the-agent's reference then passes every case", async ({
  page,
}) => {
  const agent = lessonById('the-agent');
  const reference = agent.reference[agent.entry];
  // What a share link's code could leave in a realm: a global `let` (from a string timer) and
  // patched intrinsics no global name reaches (containment.spec.ts shows importScripts gone).
  const plants = `
  const g = globalThis as any;
  const fake = '{ log() {}, info() {}, warn() {}, error() {}, debug() {} }';
  try { g.setTimeout('let console = ' + fake + ';', 0); } catch {}
  const done = () => ({ done: true, value: undefined });
  for (const helper of [
    () => Object.getPrototypeOf([].values().map((x: unknown) => x)),
    () => Object.getPrototypeOf(g.Iterator.from({ next: done })),
    () => Object.getPrototypeOf(new g.Intl.Segmenter().segment('a b')),
  ]) {
    try { helper().next = done; } catch {}
    try { helper().containing = done; } catch {}
  }
  await new Promise((resolve) => setTimeout(resolve, 10));`;
  const hostile = variant(
    reference,
    "const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];",
    `${plants}\n  const messages: Anthropic.MessageParam[] = [{ role: 'user', content: prompt }];`,
  );
  await openLesson(page, agent.id);
  await setFile(page, agent.entry, hostile);
  await runAndWait(page);
  // The same tab, the next Run: the reference as it is.
  await setReference(page, agent.reference);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  for (const c of agent.cases) {
    await expect(caseRow(page, c.name)).toHaveAttribute('data-status', 'pass');
  }
});
