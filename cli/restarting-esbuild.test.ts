import { afterAll, describe, expect, it } from 'vitest';
import { loadPackagedCourse } from './load.ts';
import { createNodeHost } from './node-host.ts';

/** The CLI's bundler after code that kills esbuild's process: the next build still works. */
const loaded = loadPackagedCourse('the-while-loop');
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons[0]!;
const host = createNodeHost();
afterAll(() => host.close());

describe("the CLI's esbuild", () => {
  it('says why a 400,000-deep expression killed it, and bundles the next code', async () => {
    const depth = 400_000;
    const deep = `${lesson.reference[lesson.entry]}\nexport const deep = ${'('.repeat(depth)}1${')'.repeat(depth)};\n`;
    const killed = await host.bundle(lesson, { ...lesson.starter, [lesson.entry]: deep });
    expect(killed.ok ? '' : killed.errors[0]?.text).toMatch(
      /^esbuild could not bundle this code \(its process died\)/,
    );
    const next = await host.bundle(lesson, { ...lesson.starter, ...lesson.reference });
    expect(next.ok).toBe(true);
  }, 60_000);
});
