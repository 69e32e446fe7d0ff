import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Lesson } from '../../core/index.ts';
import { FIXTURES_DIR, PACKAGE_ROOT } from '../../cli/node-host.ts';
import { writeFiles } from '../test-support/lesson-dir.ts';
import { prepareProcessDir } from './process-dir.ts';
import { summarize, type Summary } from './stats.ts';

/** Times one whole process, start to exit, in milliseconds. */
function timeProcess(command: string, args: string[], cwd: string, mustSucceed = false): number {
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (result.error) throw result.error;
  if (mustSucceed && result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr}`);
  return elapsed;
}

function repeat(times: number, sample: () => number): Summary {
  sample(); // warm the file-system cache and the CLI's own build cache
  return summarize(Array.from({ length: times }, sample));
}

export interface CliFigures {
  stage: Summary;
  all: Summary;
  tsxProcess: Summary;
  /** The lean peer: the reference loop over every cassette in one tsx process (lean-peer.ts). */
  leanPeer: Summary;
}

/** The CLI as a learner runs it, and the peer: the same harness and loop run with tsx. */
export function benchCli(lesson: Lesson, caseName: string, times: number): CliFigures {
  const bin = join(PACKAGE_ROOT, 'cli', 'bin.js');
  const dir = mkdtempSync(join(tmpdir(), 'theinference-bench-'));
  // The loaded reference: a starter may name files it does not hold (starterFrom).
  writeFiles(dir, lesson.reference);
  const processDir = prepareProcessDir(lesson);
  const tsx = join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx');
  const processMode = join(PACKAGE_ROOT, 'scripts', 'bench', 'process-mode.ts');
  return {
    leanPeer: benchLeanPeer(lesson, times),
    stage: repeat(times, () => timeProcess('node', [bin, 'test', '--stage', lesson.id], dir)),
    all: repeat(Math.max(3, Math.floor(times / 2)), () =>
      timeProcess('node', [bin, 'test', '--all'], dir),
    ),
    tsxProcess: repeat(times, () =>
      timeProcess(tsx, [processMode, lesson.id, caseName, processDir], PACKAGE_ROOT),
    ),
  };
}

/** The lean process peer alone (see lean-peer.ts): the figure edit → verdict is held against. */
export function benchLeanPeer(lesson: Lesson, times: number): Summary {
  const processDir = prepareProcessDir(lesson);
  const tsx = join(PACKAGE_ROOT, 'node_modules', '.bin', 'tsx');
  const peer = join(PACKAGE_ROOT, 'scripts', 'bench', 'lean-peer.ts');
  const lessonDir = join(FIXTURES_DIR, lesson.id);
  return repeat(times, () => timeProcess(tsx, [peer, lessonDir, processDir], PACKAGE_ROOT, true));
}
