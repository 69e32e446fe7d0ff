import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, sep } from 'node:path';
import { esbuildBundler, type FileMap, type GradingHost } from '../core/index.ts';
import { CORE_DIR, loadEsbuild } from './package-root.ts';
import { restartingEsbuild } from './restarting-esbuild.ts';
import { sandboxProgram } from './sandbox/host/sandbox-program.ts';
import { createSandbox, SANDBOX_PRELUDE, type Sandbox } from './sandbox/host/sandbox-host.ts';

export { FIXTURES_DIR, PACKAGE_ROOT } from './package-root.ts';

/**
 * Reads every file below `dir`, keyed by its `/`-separated path relative to it. For the
 * package's own folders; a learner's course directory is read by read-sources.ts.
 */
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

/** The CLI's grading host: esbuild in this process, learner code in a sandbox process. */
export interface NodeHost extends GradingHost {
  /** Starts workers ahead of the cases that will need them (while the lesson bundles). */
  prepare(count: number): void;
  /** Ends the sandbox process at once. A later run starts a fresh one. */
  close(): void;
}

/**
 * Makes the host around `sandbox`, or starts a sandbox process of its own at once, so that the
 * process starts while the caller loads the course and bundles.
 */
export function createNodeHost(sandbox: Sandbox = createSandbox(sandboxProgram())): NodeHost {
  const coreFiles = readTree(
    CORE_DIR,
    (path) => path.endsWith('.ts') && !path.endsWith('.test.ts'),
  );
  return {
    bundle: esbuildBundler(restartingEsbuild(loadEsbuild()), coreFiles),
    spawn: sandbox.spawn,
    prelude: SANDBOX_PRELUDE,
    cores: availableParallelism(),
    prepare: sandbox.prepare,
    close: sandbox.close,
    clock: {
      now: () => performance.now(),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    },
  };
}
