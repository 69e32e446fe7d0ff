import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { FIXTURES_DIR } from '../../cli/node-host.ts';
import type { Mutant } from './mutants.ts';

/**
 * `fixtures/<lesson>/equivalent-mutants.json`: the mutants of the lesson's reference that no
 * case can kill because they do what the reference does (or differ only where the lesson's
 * harness cannot look), each with the reason in one line.
 */
const equivalentsSchema = z.array(
  z.strictObject({
    /** The mutated line, trimmed, as `npm run mutate` prints it. */
    line: z.string().min(1),
    /** The edit, as `npm run mutate` prints it: `"25" -> "26"`. */
    change: z.string().min(1),
    /** Which of the mutants with this line and change, when there are several (1-based). */
    nth: z.number().int().positive().optional(),
    /** Why no case can tell it from the reference. */
    why: z.string().min(1),
  }),
);
export type Equivalent = z.infer<typeof equivalentsSchema>[number];

export function equivalentsFile(lessonId: string): string {
  return `${FIXTURES_DIR}/${lessonId}/equivalent-mutants.json`;
}

export function readEquivalents(lessonId: string): Equivalent[] {
  const path = equivalentsFile(lessonId);
  if (!existsSync(path)) return [];
  return equivalentsSchema.parse(JSON.parse(readFileSync(path, 'utf8')));
}

/** A mutant's name: its line and its change, numbered where the two repeat in the file. */
export interface NamedMutant extends Mutant {
  nth?: number;
  name: string;
}

export function nameMutants(mutants: readonly Mutant[]): NamedMutant[] {
  const count = new Map<string, number>();
  for (const m of mutants) count.set(key(m), (count.get(key(m)) ?? 0) + 1);
  const seen = new Map<string, number>();
  return mutants.map((m) => {
    const k = key(m);
    const nth = (seen.get(k) ?? 0) + 1;
    seen.set(k, nth);
    const repeated = (count.get(k) ?? 0) > 1;
    return {
      ...m,
      ...(repeated ? { nth } : {}),
      name: `line ${m.line} \`${m.lineText}\`: ${m.change}${repeated ? ` (#${nth})` : ''}`,
    };
  });
}

export function isListed(mutant: NamedMutant, entry: Equivalent): boolean {
  return (
    entry.line === mutant.lineText && entry.change === mutant.change && entry.nth === mutant.nth
  );
}

function key(m: Mutant): string {
  return `${m.lineText}\n${m.change}`;
}
