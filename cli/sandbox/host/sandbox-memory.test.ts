import { afterAll, describe, expect, it } from 'vitest';
import { startGrading } from '../../../core/index.ts';
import { loadPackagedCourse } from '../../load.ts';
import { createNodeHost } from '../../node-host.ts';

/**
 * A case that holds gigabytes in ArrayBuffers (which a worker's resourceLimits do not bound)
 * is stopped by the sandbox's memory watch, with a verdict that says so; the cases beside it and
 * the CLI go on.
 */
const loaded = loadPackagedCourse('one-turn');
if ('error' in loaded) throw new Error(loaded.error);
const lesson = loaded.course.lessons[0]!;
const host = createNodeHost();
afterAll(() => host.close());

/** The reference, but for the haiku case: there it allocates 128 MB at a time, up to 6 GB. */
const hog = (between: string) =>
  lesson.reference['src/loop.ts']!.replace(
    '  const response = await model(messages);',
    `  if (JSON.stringify(messages).includes('haiku')) {
    const kept: ArrayBuffer[] = [];
    for (let i = 0; i < 48; i++) {
      const buffer = new ArrayBuffer(128 * 2 ** 20);
      new Uint8Array(buffer).fill(1);
      kept.push(buffer);
      ${between}
    }
    throw new Error('held ' + kept.length * 128 + ' MB');
  }
  const response = await model(messages);`,
  );

describe('the sandbox process memory', () => {
  it.each([
    ['awaiting between buffers', 'await new Promise((resolve) => setTimeout(resolve, 0));'],
    ['in one busy loop', ''],
  ])(
    'stops the case that holds too much, %s, and only that case',
    async (_how, between) => {
      const files = { ...lesson.starter, 'src/loop.ts': hog(between) };
      const report = await startGrading(host, lesson, files, { timeoutMs: 20_000 }).result;
      expect(report.cases.map((c) => [c.name, c.kind, c.message])).toEqual(
        report.cases.map((c) =>
          c.name === 'two-text-blocks'
            ? [
                c.name,
                'runtime',
                'OutOfMemory: Too much memory: the code held more than the sandbox allows (1024 MB in all, ArrayBuffers included), so the run was stopped.',
              ]
            : [c.name, 'pass', 'Output matches.'],
        ),
      );
    },
    60_000,
  );
});
