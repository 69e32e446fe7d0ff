import { closeSync, constants, lstatSync, mkdirSync, openSync, writeSync } from 'node:fs';
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
import { readRegular } from '../read-sources.ts';
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

/**
 * The largest cassette `--cassette` reads: the course's largest is 49 KB, and a live session
 * within `--max-turns` and `--max-tokens` records a few MB at most. A device or a FIFO is never
 * read (it could stream for ever), nor a link, nor anything bigger.
 */
const MAX_REPLAY_BYTES = 10_000_000;

export function readReplay(path: string): Recorded<Replay> {
  const shown = terminalLine(path);
  const at = lstatOf(path);
  if (!at) return { ok: false, problem: `No cassette at ${shown}.` };
  if (at.isSymbolicLink()) {
    return {
      ok: false,
      problem: `${shown} is a link: give the path of the file or folder itself.`,
    };
  }
  const folder = at.isDirectory();
  const file = folder ? join(path, 'cassette.json') : path;
  if (folder && !lstatOf(file)) return { ok: false, problem: `No cassette.json in ${shown}.` };
  const text = readRegular(file, MAX_REPLAY_BYTES);
  if (typeof text !== 'string')
    return { ok: false, problem: `${terminalLine(file)}: ${text.reason}.` };
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

function lstatOf(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** The `input` of a case.json, when there is one holding an object. */
function caseInput(path: string): Record<string, unknown> | undefined {
  const text = readRegular(path, MAX_REPLAY_BYTES);
  if (typeof text !== 'string') return undefined;
  try {
    const { input } = JSON.parse(text) as { input?: unknown };
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
  if (!isCassetteFile(path)) {
    if (lstatOf(path)?.isSymbolicLink())
      return { ok: false, problem: `${terminalLine(path)} is a link` };
    try {
      mkdirSync(path, { recursive: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      return { ok: false, problem: `${terminalLine(path)} could not be made (${code})` };
    }
  }
  // Nothing is there yet, not even a link (lstat follows none); each file is then created new,
  // never through a link (O_NOFOLLOW) nor over a file made meanwhile (O_EXCL).
  for (const file of Object.keys(files)) {
    const there = lstatOf(file);
    if (there) {
      const what = there.isSymbolicLink() ? 'is a link' : 'already exists';
      return { ok: false, problem: `${terminalLine(file)} ${what}` };
    }
  }
  for (const [file, text] of Object.entries(files)) {
    const problem = writeNew(file, text);
    if (problem) return { ok: false, problem: `${terminalLine(file)} ${problem}` };
  }
  return { ok: true, value: Object.keys(files) };
}

const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

/** Creates `file` with `text`; why not, if it could not. */
function writeNew(file: string, text: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(file, CREATE_FLAGS, 0o644);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'EEXIST' ? 'already exists' : `could not be written (${code ?? 'error'})`;
  }
  try {
    writeSync(fd, text);
    return;
  } catch (error) {
    return `could not be written (${(error as NodeJS.ErrnoException).code ?? 'error'})`;
  } finally {
    closeSync(fd);
  }
}
