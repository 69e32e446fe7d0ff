import { splitTopLevel } from './top-level.ts';
import type { FileMap, Lesson } from './types.ts';

/**
 * What a lesson's harness imports from the learner's files: the names its code calls, which a
 * learner's file must export for the lesson to run at all.
 */

/** Per learner file (`src/loop.ts`), the values the harness imports from it. */
export function harnessImports(lesson: Lesson): Record<string, string[]> {
  const program = splitTopLevel(lesson.harness);
  if (typeof program === 'string') return {};
  const out: Record<string, string[]> = {};
  for (const item of program.items) {
    if (item.kind !== 'import') continue;
    const code = item.text.slice(item.codeAt);
    const match = /^import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]\.\/([^'"]+)['"]/.exec(code);
    if (!match || match[1]) continue;
    const path = /\.ts$/.test(match[3] as string) ? (match[3] as string) : `${match[3]}.ts`;
    const values = (match[2] ?? '')
      .split(',')
      .map((spec) => spec.trim())
      .filter((spec) => spec && !spec.startsWith('type '))
      .map((spec) => spec.split(/\s+as\s+/)[0] as string);
    if (values.length > 0) out[path] = [...(out[path] ?? []), ...values];
  }
  return out;
}

/** A learner file that lacks exports the harness imports. */
export interface MissingExports {
  path: string;
  names: string[];
}

/**
 * The harness's imports that the learner's files do not export (a file that cannot be read
 * as declarations is left to the bundler to judge).
 */
export function missingExports(lesson: Lesson, files: FileMap): MissingExports[] {
  const out: MissingExports[] = [];
  for (const [path, names] of Object.entries(harnessImports(lesson))) {
    const text = files[path];
    if (text === undefined || lesson.readOnly.includes(path)) continue;
    const split = splitTopLevel(text);
    if (typeof split === 'string') continue;
    const exported = new Set(split.items.flatMap((i) => i.exports));
    if (exported.has('*')) continue;
    const missing = names.filter((n) => !exported.has(n));
    if (missing.length > 0) out.push({ path, names: missing });
  }
  return out;
}
