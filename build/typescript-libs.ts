import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Monaco's TypeScript worker carries every `lib.*.d.ts` TypeScript ships (3.1 MB of text,
 * `lib.dom.d.ts` alone 1.9 MB), yet learner code is checked against a few (LEARNER_LIBS).
 * This keeps those and every lib they reference (`/// <reference lib="…" />`), so the
 * worker the learner downloads is a third smaller and type-checks exactly as before.
 * It applies to the worker bundle (Vite's `worker.plugins`).
 */
export function onlyTypescriptLibs(roots: readonly string[]): Plugin {
  return {
    name: 'theinference:typescript-libs',
    async load(id) {
      if (!/\/languages\/features\/typescript\/lib\/lib\.js$/.test(id)) return;
      const { libFileMap } = (await import(pathToFileURL(id).href)) as {
        libFileMap: Record<string, string>;
      };
      const kept: Record<string, string> = {};
      const keep = (name: string) => {
        const text = libFileMap[name];
        if (text === undefined) throw new Error(`TypeScript has no ${name}`);
        if (name in kept) return;
        kept[name] = text;
        for (const match of text.matchAll(/^\/\/\/\s*<reference\s+lib="([^"]+)"/gm)) {
          keep(`lib.${(match[1] ?? '').toLowerCase()}.d.ts`);
        }
      };
      roots.forEach(keep);
      return `export const libFileMap = ${JSON.stringify(kept)};\n`;
    },
  };
}
