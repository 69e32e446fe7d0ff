import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import type { VerdictKind } from '../core/index.ts';
import { FIXTURES_DIR } from '../cli/node-host.ts';

/**
 * A lesson's catalogue (`fixtures/<lesson>/solutions/`): whole entry files written as
 * learners write them, the correct ones in several styles and the typical wrong ones, listed
 * in `solutions.json` with how the grader must name each mistake.
 */

const verdictKinds = [
  'compile',
  'runtime',
  'timeout',
  'api',
  'cassette',
  'no-output',
  'extra-output',
  'diff',
  'unconsumed',
] as const satisfies readonly VerdictKind[];

/** A typical mistake, and how the grader must name it. */
const mistakeSchema = z.strictObject({
  /** The file's name in the lesson's `solutions/`, without `.ts`. */
  solution: z.string(),
  /** The case whose verdict names the mistake. */
  case: z.string(),
  kind: z.enum(verdictKinds),
  /** A phrase the verdict's message must contain. */
  says: z.string().min(1),
  /** A phrase one of the case's console lines must contain. */
  console: z.string().min(1).optional(),
});

/** `fixtures/<lesson>/solutions/solutions.json`: which solutions are correct, and how each wrong one fails. */
const catalogueSchema = z.strictObject({
  correct: z.array(z.string()).min(1),
  wrong: z.array(mistakeSchema).min(1),
});
export type Catalogue = z.infer<typeof catalogueSchema>;

export function solutionsDir(lessonId: string): string {
  return `${FIXTURES_DIR}/${lessonId}/solutions`;
}

/** The lesson's catalogue, read and checked, with the solution files it holds; none if it has none. */
export function readCatalogue(
  lessonId: string,
): { catalogue: Catalogue; files: string[] } | undefined {
  const dir = solutionsDir(lessonId);
  if (!existsSync(`${dir}/solutions.json`)) return;
  const json: unknown = JSON.parse(readFileSync(`${dir}/solutions.json`, 'utf8'));
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3));
  return { catalogue: catalogueSchema.parse(json), files };
}
