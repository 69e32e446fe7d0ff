import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  jsonFile,
  readCassette,
  recordCase,
  recordCassette,
  type Cassette,
  type LiveCall,
  type Recorded,
  type RecordedCaseMeta,
} from '../../core/index.ts';
import { terminalLine } from '../terminal-text.ts';

/**
 * `run --record` and `run --cassette` on disk. A path ending in `.json` is a cassette alone;
 * any other is a case folder (`case.json`, `cassette.json`, `expected.json`) as a lesson's
 * `cases/<name>/` holds it.
 */

const isCassetteFile = (path: string) => path.endsWith('.json');

/** A recording to replay, and the question and input of its case when it has one. */
export interface Replay {
  cassette: Cassette;
  question?: string;
  input?: Record<string, unknown>;
}

export function readReplay(path: string): Recorded<Replay> {
  const shown = terminalLine(path);
  let folder: boolean;
  try {
    folder = statSync(path).isDirectory();
  } catch {
    return { ok: false, problem: `No cassette at ${shown}.` };
  }
  const file = folder ? join(path, 'cassette.json') : path;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { ok: false, problem: `No cassette.json in ${shown}.` };
  }
  const cassette = readCassette(text);
  if (!cassette.ok)
    return { ok: false, problem: `${terminalLine(file)} is not a cassette: ${cassette.problem}` };
  const input = folder ? caseInput(join(path, 'case.json')) : undefined;
  const question = typeof input?.prompt === 'string' ? input.prompt : undefined;
  return {
    ok: true,
    value: {
      cassette: cassette.value,
      ...(input ? { input } : {}),
      ...(question ? { question } : {}),
    },
  };
}

/** The `input` of a case.json, when there is one holding an object. */
function caseInput(path: string): Record<string, unknown> | undefined {
  try {
    const { input } = JSON.parse(readFileSync(path, 'utf8')) as { input?: unknown };
    return typeof input === 'object' && input !== null && !Array.isArray(input)
      ? (input as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes the session where `--record` says, never over an existing file; resolves to the
 * paths written. `outputs`: what the harness printed (a case needs exactly one result).
 */
export function writeRecording(
  path: string,
  calls: readonly LiveCall[],
  outputs: readonly string[],
  meta: RecordedCaseMeta,
): Recorded<string[]> {
  const cassette = recordCassette(calls);
  if (!cassette.ok) return cassette;
  let files: Record<string, string>;
  if (isCassetteFile(path)) files = { [path]: jsonFile(cassette.value) };
  else {
    if (outputs.length !== 1) {
      return {
        ok: false,
        problem: `a case needs one printed result, and the harness printed ${outputs.length}`,
      };
    }
    const made = recordCase(cassette.value, outputs[0] ?? '', meta);
    if (!made.ok) return made;
    files = Object.fromEntries(
      Object.entries(made.value).map(([name, text]) => [join(path, name), text]),
    );
  }
  const taken = Object.keys(files).find((file) => existsSync(file));
  if (taken) return { ok: false, problem: `${terminalLine(taken)} already exists` };
  if (!isCassetteFile(path)) mkdirSync(path, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(file, text);
  return { ok: true, value: Object.keys(files) };
}
