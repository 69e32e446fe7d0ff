import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import type { FileMap, GradingHost, SpawnWorker } from '../core/index.ts';

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

/** One line, as PRELUDE_LINES requires: hands the runtime its port to the parent thread. */
const PRELUDE =
  "const __tiParent = require('node:worker_threads').parentPort; globalThis.__theinferencePort = { post: (m) => __tiParent.postMessage(m), listen: (f) => __tiParent.on('message', f) };";

/** Runs learner code in a worker thread with a bounded heap; terminate() ends it at once. */
const spawn: SpawnWorker = (script, events) => {
  const worker = new Worker(`${PRELUDE}\n${script}`, {
    eval: true,
    resourceLimits: { maxOldGenerationSizeMb: 256 },
    stdout: true,
    stderr: true,
  });
  worker.on('message', (data: unknown) => events.message(data));
  worker.on('error', (error: Error) =>
    events.error({ name: error.name, message: error.message, stack: error.stack }),
  );
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => void worker.terminate(),
  };
};

export function createNodeHost(): GradingHost {
  return {
    esbuild,
    coreFiles: readTree(CORE_DIR, (path) => path.endsWith('.ts') && !path.endsWith('.test.ts')),
    spawn,
    clock: {
      now: () => performance.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  };
}
