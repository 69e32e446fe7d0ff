import { describe, expect, it } from 'vitest';
import type { Lesson } from '../lesson/types.ts';
import type { BundleResult, Bundler } from './bundle.ts';
import { cachedBundler } from './bundle-cache.ts';

const lesson = (harness: string, types = 'export type T = 1;') =>
  ({
    id: 'the-while-loop',
    harness,
    readOnly: ['src/types.ts'],
    starter: { 'src/loop.ts': '', 'src/types.ts': types },
  }) as unknown as Lesson;

describe('cachedBundler', () => {
  it('bundles unchanged code once, and a lesson of the same id with other inputs again', async () => {
    const built: string[] = [];
    const bundler: Bundler = (l, files) => {
      built.push(`${l.harness}|${l.starter['src/types.ts']}|${files['src/loop.ts']}`);
      return Promise.resolve({ ok: true, script: built.length } as unknown as BundleResult);
    };
    const cached = cachedBundler(bundler);
    const files = { 'src/loop.ts': 'mine' };
    await cached(lesson('shipped'), files);
    await cached(lesson('shipped'), { ...files });
    // A course pack's lesson of the same id: its own harness, its own read-only types.
    await cached(lesson('pack'), files);
    await cached(lesson('pack', 'export type T = 2;'), files);
    await cached(lesson('pack', 'export type T = 2;'), { 'src/loop.ts': 'edited' });
    expect(built).toEqual([
      'shipped|export type T = 1;|mine',
      'pack|export type T = 1;|mine',
      'pack|export type T = 2;|mine',
      'pack|export type T = 2;|edited',
    ]);
  });
});
