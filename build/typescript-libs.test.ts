import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LEARNER_LIBS } from '../core/index.ts';
import { onlyTypescriptLibs } from './typescript-libs.ts';

const monaco = fileURLToPath(new URL('../node_modules/monaco-editor', import.meta.url));
const LIB_JS = join(monaco, 'esm/vs/languages/features/typescript/lib/lib.js');

async function keptLibs(roots: readonly string[]): Promise<Record<string, string>> {
  const load = onlyTypescriptLibs(roots).load as (id: string) => Promise<string | undefined>;
  const code = await load(LIB_JS);
  const json = /^export const libFileMap = (.*);\n$/s.exec(code ?? '')?.[1];
  return JSON.parse(json ?? 'null') as Record<string, string>;
}

describe('onlyTypescriptLibs', () => {
  it('keeps the learner libs and every lib they reference, and drops the DOM', async () => {
    const kept = await keptLibs(LEARNER_LIBS);
    for (const name of [...LEARNER_LIBS, 'lib.es5.d.ts', 'lib.es2015.promise.d.ts']) {
      expect(kept).toHaveProperty([name]);
    }
    expect(kept).not.toHaveProperty(['lib.dom.d.ts']);
    expect(kept).not.toHaveProperty(['lib.esnext.d.ts']);
    // Closed under references: nothing kept points at a lib that was left out.
    for (const text of Object.values(kept)) {
      for (const [, ref] of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"/gm)) {
        expect(kept).toHaveProperty([`lib.${(ref ?? '').toLowerCase()}.d.ts`]);
      }
    }
  });

  it('leaves every other module alone', async () => {
    const load = onlyTypescriptLibs(LEARNER_LIBS).load as (id: string) => Promise<unknown>;
    expect(await load(join(monaco, 'esm/vs/languages/features/typescript/tsWorker.js'))).toBe(
      undefined,
    );
  });

  it('fails the build for a lib TypeScript does not have', async () => {
    await expect(keptLibs(['lib.es2099.d.ts'])).rejects.toThrow(
      'TypeScript has no lib.es2099.d.ts',
    );
  });
});
