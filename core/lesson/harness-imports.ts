import { splitTopLevel } from './top-level.ts';
import type { Lesson } from './types.ts';

/**
 * What a lesson's harness imports from the learner's files: the names its code calls, which a
 * learner's file must export for the lesson to run at all (`missingExports`, in core/run, reads
 * which a bundle found missing).
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
