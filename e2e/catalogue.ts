import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startGrading, type CaseReport } from '../core/index.ts';
import { loadPackagedCourse } from '../cli/load.ts';
import { createNodeHost } from '../cli/node-host.ts';

/**
 * Each lesson's catalogue of typical mistakes (`fixtures/<lesson>/solutions/`), and the CLI's
 * verdict on them. The CLI's own host grades them in this process (cli/node-host.ts, what
 * `theinference test` runs): a process per mistake would take minutes for a hundred of them.
 */
const root = join(import.meta.dirname, '..', 'fixtures');

/** A typical mistake: its entry file, and what each case that names it must say. */
export interface Mistake {
  solution: string;
  text: string;
  says: Record<string, string>;
}

/**
 * The wrong solutions of a lesson's catalogue (`solutions/solutions.json`), but the ones that
 * time out; none without a catalogue.
 */
export function mistakes(id: string): Mistake[] {
  const dir = join(root, id, 'solutions');
  if (!existsSync(join(dir, 'solutions.json'))) return [];
  const catalogue = JSON.parse(readFileSync(join(dir, 'solutions.json'), 'utf8')) as {
    wrong: { solution: string; case: string; kind: string; says: string }[];
  };
  const bySolution = new Map<string, Mistake>();
  // A timeout's verdict waits out the time limit, whose length the catalogue's test sets.
  for (const entry of catalogue.wrong.filter((e) => e.kind !== 'timeout')) {
    const text = readFileSync(join(dir, `${entry.solution}.ts`), 'utf8');
    const mistake = bySolution.get(entry.solution) ?? { solution: entry.solution, text, says: {} };
    mistake.says[entry.case] = entry.says;
    bySolution.set(entry.solution, mistake);
  }
  return [...bySolution.values()];
}

let host: ReturnType<typeof createNodeHost> | undefined;

/** The CLI host's verdict on the lesson's starter with its entry file replaced by `text`. */
export async function cliVerdict(id: string, text: string): Promise<CaseReport[]> {
  const loaded = loadPackagedCourse(id);
  if ('error' in loaded) throw new Error(loaded.error);
  const lesson = loaded.course.lessons[0]!;
  host ??= createNodeHost();
  const report = await startGrading(host, lesson, { ...lesson.starter, [lesson.entry]: text })
    .result;
  return report.cases;
}
