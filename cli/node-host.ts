import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import { esbuildBundler, type FileMap, type GradingHost, type SpawnWorker } from '../core/index.ts';

/** Where the package keeps its lessons and engine sources. */
export const PACKAGE_ROOT =
  // Set by cli/bin.js when it bundles the CLI into node_modules/.cache.
  (import.meta as { THEINFERENCE_ROOT?: string }).THEINFERENCE_ROOT ??
  fileURLToPath(new URL('..', import.meta.url));
export const FIXTURES_DIR = join(PACKAGE_ROOT, 'fixtures');
const CORE_DIR = join(PACKAGE_ROOT, 'core');

/** Reads every file below `dir`, keyed by its `/`-separated path relative to it. */
export function readTree(dir: string, keep: (path: string) => boolean = () => true): FileMap {
  const files: FileMap = {};
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const path = relative(dir, full).split(sep).join('/');
        if (keep(path)) files[path] = readFileSync(full, 'utf8');
      }
    }
  };
  walk(dir);
  return files;
}

/**
 * A pooled worker's whole program: it waits for one script and runs it as its own (the
 * script's lines numbered from 1, its frames named theinference-case.js), with the port the
 * runtime expects. The worker is started before the script exists, so starting a thread and
 * a Node environment overlaps with loading and bundling instead of following them.
 */
const BOOT = [
  "const { parentPort } = require('node:worker_threads');",
  "const { runInThisContext } = require('node:vm');",
  "parentPort.once('message', (script) => {",
  '  globalThis.__theinferencePort = { post: (m) => parentPort.postMessage(m), listen: (f) => parentPort.on("message", f) };',
  "  runInThisContext(script, { filename: 'theinference-case.js' });",
  '});',
].join('\n');

/** One line, as PRELUDE_LINES requires; the boot program has already set up the port. */
const PRELUDE = '// theinference: one case, in a worker of its own';

/** Fresh workers waiting for a script; each is used for one case and never returns here. */
const idle = new Set<Worker>();

function startWorker(): Worker {
  return new Worker(BOOT, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    stdout: true,
    stderr: true,
  });
}

/**
 * Starts workers ahead of the cases that will need them, up to `count` waiting. They do not
 * keep the process alive, and one that dies while it waits is simply dropped.
 */
export function prepareWorkers(count: number): void {
  while (idle.size < count) {
    const worker = startWorker();
    worker.unref();
    const drop = () => idle.delete(worker);
    worker.once('error', drop).once('exit', drop);
    idle.add(worker);
  }
}

function takeWorker(): Worker {
  const [waiting] = idle;
  if (!waiting) return startWorker();
  idle.delete(waiting);
  waiting.removeAllListeners('error').removeAllListeners('exit');
  waiting.ref();
  return waiting;
}

/** Runs learner code in a fresh worker thread with a bounded heap; terminate() ends it at once. */
const spawn: SpawnWorker = (script, events) => {
  const worker = takeWorker();
  worker.on('message', (data: unknown) => events.message(data));
  worker.on('error', (error: Error) =>
    events.error({ name: error.name, message: error.message, stack: error.stack }),
  );
  worker.postMessage(`${PRELUDE}\n${script}`);
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
  };
};

export function createNodeHost(): GradingHost {
  const coreFiles = readTree(
    CORE_DIR,
    (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'),
  );
  return {
    bundle: esbuildBundler(esbuild, coreFiles),
    spawn,
    clock: {
      now: () => performance.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  };
}
