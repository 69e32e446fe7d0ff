import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleLesson, createIncrementalBundler, type BundleInputs } from './bundle.ts';

const lesson: BundleInputs = {
  harness: "import { run } from './src/loop.ts';\nexport default async () => { run(); };",
  readOnly: [],
  starter: {},
};
const coreFiles = {
  'sandbox/worker-runtime.ts':
    'export function startRun(main: () => Promise<void>) { void main(); }',
};
const loop = (n: number) => `export function run() { return ${n}; }\n`;

describe('createIncrementalBundler', () => {
  it('makes the bundle a fresh build would, and each rebuild sees the files of its call', async () => {
    const bundle = createIncrementalBundler(esbuild, coreFiles);
    for (const n of [1, 2, 3]) {
      const files = { 'src/loop.ts': loop(n) };
      expect(await bundle(lesson, files)).toEqual(
        await bundleLesson(esbuild, lesson, files, coreFiles),
      );
    }
  });

  it('answers overlapping calls each with its own files', async () => {
    const bundle = createIncrementalBundler(esbuild, coreFiles);
    const [a, b] = await Promise.all([
      bundle(lesson, { 'src/loop.ts': loop(41) }),
      bundle(lesson, { 'src/loop.ts': loop(42) }),
    ]);
    expect([
      a.ok && a.script.includes('return 41'),
      b.ok && b.script.includes('return 42'),
    ]).toEqual([true, true]);
  });

  it('reports a compile error where it is, and recovers on the next edit', async () => {
    const bundle = createIncrementalBundler(esbuild, coreFiles);
    const broken = await bundle(lesson, { 'src/loop.ts': 'export function run( {' });
    expect(broken.ok ? [] : broken.errors.map((e) => [e.file, e.line])).toEqual([
      ['src/loop.ts', 1],
    ]);
    expect((await bundle(lesson, { 'src/loop.ts': loop(7) })).ok).toBe(true);
  });
});

describe("createIncrementalBundler with runtime: 'external'", () => {
  it("reads the sandbox's modules from the runtime evaluated ahead, and the lesson's own code alone", async () => {
    const bundle = createIncrementalBundler(esbuild, coreFiles, { runtime: 'external' });
    const result = await bundle(lesson, { 'src/loop.ts': loop(5) });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.script).toContain('globalThis.__theinferenceRuntime.runtime');
    expect(result.script).not.toContain('function startRun');
  });

  it("still refuses the runtime to the learner's files", async () => {
    const bundle = createIncrementalBundler(esbuild, coreFiles, { runtime: 'external' });
    const result = await bundle(lesson, {
      'src/loop.ts':
        "import { startRun } from '@theinference/runtime';\nexport const run = startRun;",
    });
    expect(result.ok ? [] : result.errors.map((e) => e.file)).toEqual(['src/loop.ts']);
  });
});
