import { expect, test, type Page } from '@playwright/test';
import { caseRow, openLesson, runAndWait, setFile } from './app.ts';
import { lessonById } from './course.ts';

/**
 * The runner frame runs a lesson's cases two at a time, each lane's cases one after another in
 * one worker, for as long as each case leaves the worker's realm as it found it
 * (core/sandbox/case-gate.ts). These prove both halves: clean cases do share a worker (else the
 * rest would prove nothing), and nothing one case leaves behind reaches another: a global, a
 * timer, a change to a shared object. Each case logs its worker's `performance.timeOrigin`,
 * which differs from worker to worker.
 */
const lesson = lessonById('one-turn');
const reference = lesson.reference[lesson.entry] ?? '';
const call = 'const response = await model(messages);';

/** The reference with `code` ahead of its model call, and its worker's id logged first. */
function withFirst(code: string): string {
  const text = reference.replace(
    call,
    `console.log('worker ' + performance.timeOrigin);\n${code}\n  ${call}`,
  );
  expect(text).not.toBe(reference);
  return text;
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
async function consoles(page: Page): Promise<Map<string, string[]>> {
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

const workerOf = (lines: string[] = []) => lines.find((l) => l.includes('worker '));
const workers = (all: Map<string, string[]>) => new Set([...all.values()].map(workerOf));

test('cases that leave their worker clean share it: fewer workers than cases', async ({ page }) => {
  await openLesson(page, lesson.id);
  await setFile(page, lesson.entry, withFirst(''));
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const all = await consoles(page);
  expect([...all.values()].every((lines) => workerOf(lines))).toBe(true);
  expect(workers(all).size).toBeLessThan(lesson.cases.length);
});

test('a global one case sets is never seen by another', async ({ page }) => {
  await openLesson(page, lesson.id);
  const leaky = withFirst(`  const g = globalThis as any;
  if (g.seenBy) throw new Error('a global from another case: ' + g.seenBy);
  g.seenBy = 'an earlier case';`);
  await setFile(page, lesson.entry, leaky);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  // A case that changed the realm hands on no worker: every case had one of its own.
  expect(workers(await consoles(page)).size).toBe(lesson.cases.length);
});

test("a case's timers end with it: none fires in a later case", async ({ page }) => {
  await openLesson(page, lesson.id);
  // Each module instance (one per case) has its own id; a timer it leaves names it.
  const timers = withFirst(`  const me = Math.random().toString(36).slice(2);
  console.log('case ' + me);
  await new Promise((resolve) => setTimeout(resolve, 100));
  setTimeout(() => console.log('left behind by ' + me), 40);
  setInterval(() => console.log('left behind by ' + me), 40);`);
  await setFile(page, lesson.entry, timers);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const all = await consoles(page);
  expect(foreign(all, 'left behind by ')).toEqual(noneForeign(all));
  // Timers alone leave the realm clean: the cases did share workers.
  expect(workers(all).size).toBeLessThan(lesson.cases.length);
});

test('objects cases share cannot carry anything from one case to the next', async ({ page }) => {
  await openLesson(page, lesson.id);
  const changes =
    withFirst(`  const shared = [URL.prototype, console, performance, Object.getPrototypeOf(performance)] as any[];
  if (shared.some((o) => o.changedBy)) throw new Error('a change from another case');
  for (const o of shared) {
    try {
      o.changedBy = 'an earlier case';
    } catch {
      console.log('frozen');
    }
  }`);
  await setFile(page, lesson.entry, changes);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const all = await consoles(page);
  for (const [name, lines] of all) {
    expect(
      lines.filter((l) => l === 'frozen'),
      name,
    ).toHaveLength(4);
  }
  // Frozen, they stay as they were: the cases did share workers.
  expect(workers(all).size).toBeLessThan(lesson.cases.length);
});

test('code a case plants where the runtime or a later case would run it never runs again', async ({
  page,
}) => {
  await openLesson(page, lesson.id);
  // A getter that would put the original back when read, and a method on a shared prototype.
  const planted = withFirst(`  const me = Math.random().toString(36).slice(2);
  console.log('case ' + me);
  const scopeProto = Object.getPrototypeOf(Object.getPrototypeOf(self));
  const original = Object.getOwnPropertyDescriptor(scopeProto, 'performance')!;
  Object.defineProperty(scopeProto, 'performance', {
    configurable: true,
    enumerable: original.enumerable,
    get() {
      Object.defineProperty(scopeProto, 'performance', original);
      setInterval(() => console.log('planted by ' + me), 5);
      return original.get!.call(this);
    },
  });
  try {
    (Object.getPrototypeOf(console) as any).log = () => undefined;
  } catch {
    console.log('frozen');
  }`);
  await setFile(page, lesson.entry, planted);
  expect(await runAndWait(page)).toMatch(/^Passed/);
  const all = await consoles(page);
  expect(foreign(all, 'planted by ')).toEqual(noneForeign(all));
  for (const [name, lines] of all) expect(lines, name).toContain('frozen');
  expect(workers(all).size).toBe(lesson.cases.length);
});
