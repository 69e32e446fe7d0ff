import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLessonFiles } from '../scripts/test-support/lesson-dir.ts';

/**
 * The course as the tests know it, read straight from fixtures/ (never written). A passing
 * run consumes every recorded call, so its turns are the cassette's attempts. How many tools it
 * runs is the loop's business (a misnamed tool, a truncated reply, a budget all skip some),
 * so that count comes from the same core grader run by the CLI on the reference files.
 */
const root = join(import.meta.dirname, '..', 'fixtures');

export interface CaseFacts {
  name: string;
  /** Model calls in a passing run: every recorded call. */
  turns: number;
  /** The starter passes it: it checks what the lesson keeps as before (rules.json). */
  starterPasses: boolean;
}

export interface LessonFacts {
  id: string;
  title: string;
  entry: string;
  /** The reference files that differ from the starter: what a test sets to pass. */
  reference: Record<string, string>;
  cases: CaseFacts[];
}

interface Attempted {
  /** Attempts the recording cuts off by an error event before it answers (or gives up). */
  interrupted?: unknown[];
}

interface Cassette {
  calls: Attempted[];
  /** A request every recorded attempt of which fails: the run ends on its error. */
  failed?: Required<Attempted>;
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? listFiles(join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

function countTurns(lessonDir: string, name: string): number {
  const cassette = JSON.parse(
    readFileSync(join(lessonDir, 'cases', name, 'cassette.json'), 'utf8'),
  ) as Cassette;
  // Each attempt is a turn of its own, a cut-off one too.
  const attempts = (call: Attempted) => (call.interrupted?.length ?? 0) + 1;
  const calls = cassette.calls.reduce((sum, call) => sum + attempts(call), 0);
  return calls + (cassette.failed?.interrupted.length ?? 0);
}

interface CliCase {
  name: string;
  status: string;
  kind: string;
  turns: number;
  toolCalls: number;
}

interface CliJson {
  stages: { cases: CliCase[] }[];
}

/**
 * The CLI's verdict (`theinference test --json`) on a lesson's starter or reference files,
 * graded in a scratch directory: the same core grader the page uses, in another host.
 */
export function cliCases(id: string, variant: 'starter' | 'reference'): CliCase[] {
  const scratch = mkdtempSync(join(tmpdir(), `theinference-${id}-`));
  try {
    // As the loader makes them: a starter may name files it does not hold (starterFrom).
    writeLessonFiles(scratch, id, variant);
    let out: string;
    try {
      out = execFileSync(
        process.execPath,
        [join(root, '..', 'cli', 'bin.js'), 'test', '--stage', id, '--dir', scratch, '--json'],
        { encoding: 'utf8' },
      );
    } catch (error) {
      // A failing verdict exits 1; its JSON is on stdout all the same.
      out = (error as { stdout: string }).stdout;
    }
    return (JSON.parse(out) as CliJson).stages[0]?.cases ?? [];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Tool executions per case when the reference runs, as the CLI counts them. */
export function referenceToolCalls(id: string): Record<string, number> {
  return Object.fromEntries(cliCases(id, 'reference').map((c) => [c.name, c.toolCalls]));
}

function readLesson(id: string): LessonFacts {
  const dir = join(root, id);
  const meta = JSON.parse(readFileSync(join(dir, 'lesson.json'), 'utf8')) as {
    title: string;
    entry: string;
  };
  const reference = Object.fromEntries(
    listFiles(join(dir, 'reference')).map((p) => [
      p,
      readFileSync(join(dir, 'reference', p), 'utf8'),
    ]),
  );
  // In the order the page lists them (core's): visible cases first, then by name.
  const visible = (name: string) =>
    (
      JSON.parse(readFileSync(join(dir, 'cases', name, 'case.json'), 'utf8')) as {
        visible: boolean;
      }
    ).visible;
  const rules = JSON.parse(readFileSync(join(dir, 'rules.json'), 'utf8')) as {
    starterPasses?: Record<string, string>;
  };
  const cases = readdirSync(join(dir, 'cases'))
    .sort((a, b) => Number(visible(b)) - Number(visible(a)) || a.localeCompare(b))
    .map((name) => ({
      name,
      turns: countTurns(dir, name),
      starterPasses: name in (rules.starterPasses ?? {}),
    }));
  return { id, title: meta.title, entry: meta.entry, reference, cases };
}

const courseMeta = JSON.parse(readFileSync(join(root, 'course.json'), 'utf8')) as {
  lessons?: string[];
  parts?: { title: string; lessons: string[] }[];
};

/** The course's parts, each with its lessons' ids (a course of one part has `lessons`). */
export const parts = courseMeta.parts ?? [{ title: '', lessons: courseMeta.lessons ?? [] }];

export const lessons: LessonFacts[] = parts.flatMap((part) => part.lessons).map(readLesson);

export function lessonById(id: string): LessonFacts {
  const lesson = lessons.find((l) => l.id === id);
  if (!lesson) throw new Error(`no lesson ${id} in fixtures/`);
  return lesson;
}
