import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BuildOptions } from 'esbuild';
import { loadEsbuild, PACKAGE_ROOT } from '../../package-root.ts';

/** Set by cli/bin.js: the sandbox program it built beside the CLI's own bundle. */
const BUILT = (import.meta as { THEINFERENCE_SANDBOX?: string }).THEINFERENCE_SANDBOX;

/** The programs that run in the sandbox process and its threads (cli/sandbox/child/). */
const CHILD = join(PACKAGE_ROOT, 'cli', 'sandbox', 'child');

let program: string | undefined;

/** One Node script's text from a TypeScript entry in cli/sandbox/child/. */
function bundle(entry: string, options: Pick<BuildOptions, 'format' | 'define'>): string {
  const result = loadEsbuild().buildSync({
    ...options,
    entryPoints: [join(CHILD, entry)],
    bundle: true,
    write: false,
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild produced nothing from ${entry}`);
  return output.text;
}

/**
 * Bundles the sandbox process's program from its sources: sandbox-process.ts and what it imports,
 * one CommonJS script, with the program of each case's thread (case-thread.ts, bundled first) in
 * it as the string `__CASE_THREAD__`. The thread's program is strict and wholly inside a function
 * (`iife`): run with `eval: true`, a top-level name would be a global the case's script could
 * reach. cli/bin.js writes its result into the user's cache; sandboxProgram() uses it from the
 * sources.
 */
export function bundleSandboxProgram(): string {
  const caseThread = bundle('case-thread.ts', { format: 'iife' });
  return bundle('sandbox-process.ts', {
    format: 'cjs',
    define: { __CASE_THREAD__: JSON.stringify(caseThread) },
  });
}

/**
 * The sandbox process's program as one CommonJS script's text, to be run with `node -e`: the
 * sandbox then needs to read no file at all (bundleSandboxProgram). The installed CLI reads the
 * one cli/bin.js built; run from its sources (tests, scripts), it is bundled here, once per
 * process.
 */
export function sandboxProgram(): string {
  if (program !== undefined) return program;
  if (BUILT !== undefined) return (program = readFileSync(BUILT, 'utf8'));
  return (program = bundleSandboxProgram());
}
